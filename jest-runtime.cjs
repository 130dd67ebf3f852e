// jest's runtime with V8's code cache kept across the test files of a worker (jest.config.cjs `runtime`).
// Every test file gets a fresh module registry, so React, react-dom, msw, zod, date-fns, the shared packages… are
// compiled again for each of the ~120 files: a third of jest's CPU went to V8 compiling the same sources
// (docs/decisions.md, 'jest: one compile of a module per worker'). Here a module's wrapper is a vm.Script; at the end
// of a test file the worker keeps the script's code cache (with the functions the file ran, compiled), and the next
// file that loads the same transformed source starts from it. Module evaluation is unchanged: each file still runs
// every module afresh in its own registry and context, so no state crosses files.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const from = (pkg, dir) => path.dirname(require.resolve(`${pkg}/package.json`, { paths: [dir] }));
const jestRunner = from('jest-runner', from('@jest/core', from('jest', __dirname)));
const Runtime = require(require.resolve('jest-runtime', { paths: [jestRunner] })).default;

/** filename → the transformed source last compiled and its code cache, for this worker's life. */
const codeCache = new Map();
/**
 * filename → its source as last read, with the size and modification time it had, for this worker's life. jest reads
 * every module's source again for each test file (its file cache lives as long as one file's runtime): react-dom,
 * lucide-react, msw… a few MB each time, 7 % of a small file's CPU. A project file whose size or time moved is read
 * afresh; installed packages (node_modules) are taken as they were first read.
 */
const sources = new Map();
/**
 * Modules the worker loads once, outside the test files' contexts, and hands to each file as Node's own modules are:
 * each holds no state, touches no global and reads no clock. aria-query (Testing Library's and jest-dom's ARIA tables)
 * builds its role maps when it loads, a few hundred linear searches: 5 % of a small file's CPU. graphql (a hundred
 * modules msw loads for its GraphQL handlers, which no test uses) and tldts (the public-suffix tables tough-cookie
 * builds for msw's cookie store) were 2 % of the whole run, every test file loading them with jest.setup.ts's msw.
 */
const sharedModule = /[\\/]node_modules[\\/](aria-query[\\/]lib[\\/]index|graphql[\\/]index|tldts[\\/]dist[\\/]cjs[\\/]index)\.js$/;

class CodeCachingRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    const fileCache = this.fileCache;
    const readFile = fileCache.readFile.bind(fileCache);
    fileCache.readFile = (filename) => {
      if (fileCache.strings.has(filename)) return fileCache.strings.get(filename);
      const kept = sources.get(filename);
      // Installed packages do not change during a run; the project's files are checked (jest's watch mode in band).
      const stat = filename.includes(`${path.sep}node_modules${path.sep}`) ? null : fs.statSync(filename, { throwIfNoEntry: false });
      if (kept && (stat === null || (kept.size === stat?.size && kept.mtimeMs === stat.mtimeMs))) {
        fileCache.strings.set(filename, kept.source);
        return kept.source;
      }
      const source = readFile(filename);
      sources.set(filename, { size: stat?.size, mtimeMs: stat?.mtimeMs, source });
      return source;
    };
    const cjsLoader = this.cjsLoader;
    const loadModule = cjsLoader.loadModule.bind(cjsLoader);
    cjsLoader.loadModule = (localModule, from, moduleName, modulePath, ...rest) => {
      if (!sharedModule.test(modulePath)) return loadModule(localModule, from, moduleName, modulePath, ...rest);
      localModule.exports = require(modulePath);
      localModule.loaded = true;
    };
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
