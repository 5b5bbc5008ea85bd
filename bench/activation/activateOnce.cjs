// Runs in a fresh Node process: loads one extension bundle with a stand-in `vscode` module, calls its
// `activate` with a fake context, and prints the time from before the require to the end of `activate` (and its CPU time).
'use strict';
const Module = require('node:module');
const os = require('node:os');
const { performance } = require('node:perf_hooks');
const { stub, stubModule } = require('./stubVscode.cjs');

const bundle = process.argv[2];
const vscode = stubModule();
const load = Module._load;
Module._load = function (request, ...rest) {
  return request === 'vscode' ? vscode : load.call(this, request, ...rest);
};
const storage = { fsPath: os.tmpdir(), path: os.tmpdir(), scheme: 'file' };
const context = new Proxy(
  { subscriptions: [], storageUri: storage, globalStorageUri: storage, logUri: storage, extension: { packageJSON: { version: '0.0.0' } }, extensionPath: os.tmpdir() },
  { get: (target, property) => (property in target ? target[property] : stub(String(property))) },
);

const cpu = process.cpuUsage();
const started = performance.now();
const extension = require(bundle);
const loaded = performance.now();
extension.activate(context);
const activated = performance.now();
const used = process.cpuUsage(cpu);
process.stdout.write(JSON.stringify({ totalMs: activated - started, loadMs: loaded - started, cpuMs: (used.user + used.system) / 1000 }));
// What activate started (file watchers, timers) would keep the process alive.
process.exit(0);
