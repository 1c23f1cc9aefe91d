// Runner of the two workloads written as AgentScript models (npm `agentscript`, a NetLogo-
// style framework), headless in Node. The protocol is in lib/protocol.mjs.
//
// The models use AgentScript's own idioms, as a NetLogo author would write them:
// - the world is a patch grid of side × side patches (`World` options minX..maxX), so the
//   density matches the other systems (side = round(sqrt(1.089 N)), as in the Rust baseline);
//   turtles start at uniformly random points (`setxy`) and headings; edges wrap, AgentScript's
//   default `atEdge`;
// - wander is `turtles.ask(t => { t.heading += randomCentered(10); t.forward(0.1) })`, the
//   same shape as AgentScript's HelloModel (headings in degrees, the default geometry);
// - touch is NetLogo's `ask turtles [ set contacts count other turtles in-radius 1 ]`:
//   `turtles.inRadius(t, 1)`, which gathers the turtles on the 3 × 3 patches around `t`
//   (`turtlesHere`, kept up to date as turtles move) and keeps those within distance 1.
//   Like the Rust baseline, it does not look across the wrap edge. As AgentScript's own
//   FlockModel does, setup caches each patch's 3 × 3 neighbourhood (`patches.cacheRect`).
// - kelp is the realistic suite's peer model, after AgentScript's own KelpForest sample:
//   kelp, urchins and sea stars (90 %, 9 %, 1 % of N) on the same world; urchins and sea
//   stars wiggle (`heading += randomCentered(45)`) and move 0.1 patch; an urchin with a sea
//   star within 2 patches takes that star's heading reversed; an urchin eats the kelp within
//   half a patch (it grows again at a random place), and a sea star within half a patch eats
//   the urchin (a new one appears at a random place), so N stays level. The sample's sea
//   stars face the nearest urchin; the Stepwise peer (bench/stepwise-runner/src/patterns.rs)
//   cannot, so here they only wiggle too.
// Randomness is AgentScript's `util.randomSeed`, NetLogo's `random-seed`.

import './lib/offscreen-canvas.mjs'
import { measureAndReport, parseArgs, SEED } from './lib/protocol.mjs'

const { Model, util } = await import('agentscript')

/** The side of the square world for `n` agents, in whole patches: about 0.92 per patch. */
const sideFor = n => Math.max(1, Math.round(Math.sqrt(1.089 * n)))

class WanderModel extends Model {
    constructor(population) {
        const side = sideFor(population)
        super({ minX: 0, maxX: side - 1, minY: 0, maxY: side - 1 })
        this.population = population
    }

    setup() {
        const { minXcor, maxXcor, minYcor, maxYcor } = this.world
        this.turtles.create(this.population, t => {
            t.setxy(util.randomFloat2(minXcor, maxXcor), util.randomFloat2(minYcor, maxYcor))
            t.heading = util.randomFloat(360)
        })
    }

    step() {
        this.turtles.ask(t => {
            t.heading += util.randomCentered(10)
            t.forward(0.1)
        })
    }
}

class TouchModel extends WanderModel {
    /** The sum of every turtle's contacts in the last step. */
    contacts = 0

    setup() {
        super.setup()
        this.patches.cacheRect(1)
    }

    step() {
        super.step()
        let sum = 0
        this.turtles.ask(t => {
            t.contacts = this.turtles.inRadius(t, 1, false).length
            sum += t.contacts
        })
        this.contacts = sum
    }
}

/** The world of WanderModel, with its own agents and steps. */
class KelpModel extends WanderModel {
    setup() {
        this.turtleBreeds('kelp urchin seaStar')
        const urchins = Math.max(1, Math.round(this.population * 0.09))
        const stars = Math.max(1, Math.round(this.population * 0.01))
        const kelp = Math.max(1, this.population - urchins - stars)
        this.kelp.create(kelp, t => this.scatter(t))
        this.urchin.create(urchins, t => this.scatter(t))
        this.seaStar.create(stars, t => this.scatter(t))
        this.patches.cacheRect(1)
        this.patches.cacheRect(2, 2, true, false)
    }

    /**
     * The turtles of `breed` within `radius` of `t`. (A breed's own inRadius fails in this
     * AgentScript version: its breed filter returns a plain array.)
     */
    near(breed, t, radius) {
        return this.turtles.inPatchRect(t, Math.ceil(radius))
            .filter(a => a.agentSet === breed && t.distance(a) <= radius)
    }

    /** Puts `t` at a random place with a random heading. */
    scatter(t) {
        const { minXcor, maxXcor, minYcor, maxYcor } = this.world
        t.setxy(util.randomFloat2(minXcor, maxXcor), util.randomFloat2(minYcor, maxYcor))
        t.heading = util.randomFloat(360)
    }

    step() {
        this.urchin.ask(t => {
            const star = this.near(this.seaStar, t, 2)[0]
            if (star) t.heading = star.heading + 180
            else t.heading += util.randomCentered(45)
            t.forward(0.1)
        })
        this.seaStar.ask(t => {
            t.heading += util.randomCentered(45)
            t.forward(0.1)
        })
        this.urchin.ask(t => {
            for (const kelp of this.near(this.kelp, t, 0.5)) this.scatter(kelp)
            if (this.near(this.seaStar, t, 0.5).length > 0) this.scatter(t)
        })
    }
}

const MODELS = { wander: WanderModel, touch: TouchModel, kelp: KelpModel }
const args = parseArgs(Object.keys(MODELS))
util.randomSeed(SEED)
const model = new MODELS[args.workload](args.n)
model.setup()
measureAndReport(args, () => {
    model.step()
    return args.workload === 'touch' ? model.contacts : undefined
})
