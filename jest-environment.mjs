// The page tests' environment: happy-dom (a lighter DOM than jsdom: the same suites in about half the CPU, docs/decisions.md)
// with Node's own fetch, streams and web globals, as jest-fixed-jsdom gave jsdom: msw answers the tests' requests at
// Node's fetch, and its module needs BroadcastChannel at load. A suite that needs jsdom says so in its docblock
// (`@jest-environment jest-fixed-jsdom`).
import HappyDOMEnvironment from '@happy-dom/jest-environment';

const nodeGlobals = [
  'TextDecoder',
  'TextEncoder',
  'TextDecoderStream',
  'TextEncoderStream',
  'ReadableStream',
  'TransformStream',
  'WritableStream',
  'Blob',
  'Headers',
  'FormData',
  'Request',
  'Response',
  'fetch',
  'AbortController',
  'AbortSignal',
  'structuredClone',
  'URL',
  'URLSearchParams',
  'BroadcastChannel',
];

/** The method `name` of the window's class (the instance's own property is the environment's wrapper). */
function methodOf(window, name) {
  for (let proto = Object.getPrototypeOf(window); proto; proto = Object.getPrototypeOf(proto)) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (typeof descriptor?.value === 'function') return descriptor.value;
  }
  return undefined;
}

export default class PortalTestEnvironment extends HappyDOMEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of nodeGlobals) this.global[name] = globalThis[name];
    // happy-dom's setTimeout again, without the wrapper @happy-dom/jest-environment puts around it: the wrapper builds an
    // Error and reads its stack (100 frames, each mapped through the source maps by jest) at every call, to send
    // jest-jasmine's timers to Node; this project runs jest-circus, so every call went to happy-dom's anyway. It cost 3–4 %
    // of a test file's CPU (user-event and waitFor set a timer at every step).
    const setTimeout = methodOf(this.global, 'setTimeout');
    if (setTimeout) this.global.setTimeout = setTimeout.bind(this.global);
  }
}
