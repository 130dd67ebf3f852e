// jest's runtime with V8's code cache kept across the test files of a worker (jest.config.cjs `runtime`).
// Every test file gets a fresh module registry, so React, react-dom, msw, zod, date-fns, the shared packages… are
// compiled again for each of the ~120 files: a third of jest's CPU went to V8 compiling the same sources
// (docs/decisions.md, 'jest: one compile of a module per worker'). Here a module's wrapper is a vm.Script; at the end
// of a test file the worker keeps the script's code cache (with the functions the file ran, compiled), and the next
// file that loads the same transformed source starts from it. Module evaluation is unchanged: each file still runs
// every module afresh in its own registry and context, so no state crosses files.
const path = require('node:path');
const vm = require('node:vm');

const from = (pkg, dir) => path.dirname(require.resolve(`${pkg}/package.json`, { paths: [dir] }));
const jestRunner = from('jest-runner', from('@jest/core', from('jest', __dirname)));
const Runtime = require(require.resolve('jest-runtime', { paths: [jestRunner] })).default;

/** filename → the transformed source last compiled and its code cache, for this worker's life. */
const codeCache = new Map();

class CodeCachingRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    const executor = this.executor;
    const compileFunction = executor.compile.bind(executor);
    /** Scripts compiled for this test file whose code cache the worker does not hold yet. */
    this.uncachedScripts = [];
    executor.compile = (source, filename) => {
      const context = executor.environment.getVmContext();
      if (context == null || executor.resolution.isCoreModule(filename)) return compileFunction(source, filename);
      const cached = codeCache.get(filename);
      // The wrapper takes a line of its own (lineOffset -1): stack traces and source maps keep the file's lines.
      let script;
      try {
        script = new vm.Script(`(function (${executor.injectedModuleParameters.join(', ')}) {\n${source}\n})`, {
          filename,
          lineOffset: -1,
          cachedData: cached?.source === source ? cached.data : undefined,
          importModuleDynamically: (specifier, _script, importAttributes) => executor.dynamicImport(specifier, filename, context, importAttributes),
        });
      } catch {
        return compileFunction(source, filename); // jest's own compile, for its report of the syntax error
      }
      if (cached?.source !== source || script.cachedDataRejected) this.uncachedScripts.push({ filename, source, script });
      return script.runInContext(context);
    };
  }

  teardown() {
    for (const { filename, source, script } of this.uncachedScripts) codeCache.set(filename, { source, data: script.createCachedData() });
    this.uncachedScripts = [];
    super.teardown();
  }
}

module.exports = CodeCachingRuntime;
module.exports.default = CodeCachingRuntime;
