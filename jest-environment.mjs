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

export default class PortalTestEnvironment extends HappyDOMEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of nodeGlobals) this.global[name] = globalThis[name];
  }
}
