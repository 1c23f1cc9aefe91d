// A stand-in for the browser's OffscreenCanvas, installed on globalThis before AgentScript's
// bundle is imported: the bundle builds a 1×1 2D context at import time (to convert CSS colour
// names), and Node has no canvas. Every context method is a no-op; nothing the benchmark
// measures draws, so none of them is called on the step path.

const noop = () => {}

class ContextStandIn {
    constructor(canvas) {
        this.canvas = canvas
        return new Proxy(this, {
            get: (target, key) => (key in target ? target[key] : noop),
        })
    }

    getImageData(x, y, width, height) {
        return { width, height, data: new Uint8ClampedArray(4 * width * height) }
    }
}

class OffscreenCanvasStandIn {
    constructor(width, height) {
        this.width = width
        this.height = height
    }

    getContext() {
        return new ContextStandIn(this)
    }
}

globalThis.OffscreenCanvas ??= OffscreenCanvasStandIn
