// A stand-in for the `vscode` module, for timing an extension's activation in plain Node: every member is a
// function, a constructor and an object at once, whose calls return another such stand-in; `get(key, default)`
// answers the default (settings), other getters and tests `undefined`, array methods act on an empty array, and nothing is awaitable.
'use strict';
const fs = require('node:fs');

function stub(name) {
  const target = function () {};
  return new Proxy(target, {
    get(_target, property) {
      if (property === Symbol.iterator) return function* () {};
      if (property === Symbol.toPrimitive) return () => '';
      if (property === 'then') return undefined;
      if (property === 'length') return 0;
      if (typeof property === 'string' && property !== 'constructor' && typeof Array.prototype[property] === 'function') return (...args) => [][property](...args);
      return stub(String(property));
    },
    apply(_target, _this, args) {
      if (name === 'get' && args.length >= 2) return args[1];
      if ((name.startsWith('get') && name !== 'getConfiguration') || name.startsWith('is') || name.startsWith('has')) return undefined;
      return stub(name);
    },
    construct() {
      return stub(name);
    },
  });
}

/** The module itself: its own keys are the names `vscode` exports (esbuild's interop copies them). */
function stubModule() {
  const declarations = fs.readFileSync(require.resolve('@types/vscode/index.d.ts'), 'utf8');
  const names = [...new Set([...declarations.matchAll(/export (?:namespace|class|enum|const|function) (\w+)/g)].map((match) => match[1]))];
  return Object.fromEntries(names.map((name) => [name, stub(name)]));
}

module.exports = { stub, stubModule };
