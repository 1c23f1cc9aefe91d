// A throwaway certificate authority and a certificate for 127.0.0.1 it signed, made with
// Debian's openssl for one test run, and the fingerprint Chromium is told to trust for that
// run only (--ignore-certificate-errors-spki-list): nothing is added to any trust store.
import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const openssl = (args, input) => execFileSync('openssl', args, { input, stdio: ['pipe', 'pipe', 'pipe'] });

/** Makes the authority and the certificate; resolves to { dir, cert, key, spki }. */
export async function makeCertificates() {
  const dir = await mkdtemp(join(tmpdir(), 'stepwise-tls-'));
  const at = (name) => join(dir, name);
  openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=Stepwise test authority',
    '-keyout', at('ca.key'), '-out', at('ca.pem')]);
  openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1',
    '-keyout', at('site.key'), '-out', at('site.csr')]);
  await writeFile(at('ext.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
  openssl(['x509', '-req', '-in', at('site.csr'), '-CA', at('ca.pem'), '-CAkey', at('ca.key'), '-CAcreateserial',
    '-days', '2', '-extfile', at('ext.cnf'), '-out', at('site.pem')]);
  const publicKey = openssl(['x509', '-in', at('site.pem'), '-pubkey', '-noout']);
  const der = openssl(['pkey', '-pubin', '-outform', 'der'], publicKey);
  const spki = openssl(['dgst', '-sha256', '-binary'], der).toString('base64');
  return { dir, cert: at('site.pem'), key: at('site.key'), spki };
}
