// Runs in a fresh Node process: loads one extension bundle with a stand-in `vscode` module, calls its
// `activate` with a fake context, and prints the time from before the require to the end of `activate` (and its CPU
// time); then, when the extension's API offers `startChat` (Elbow's), the time until the chat's code has loaded and started too.
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

async function main() {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const extension = require(bundle);
  const loaded = performance.now();
  const api = extension.activate(context);
  const activated = performance.now();
  const used = process.cpuUsage(cpu);
  let chatStartedMs;
  if (typeof api?.startChat === 'function') {
    await api.startChat();
    chatStartedMs = performance.now() - started;
  }
  process.stdout.write(JSON.stringify({ totalMs: activated - started, loadMs: loaded - started, cpuMs: (used.user + used.system) / 1000, chatStartedMs }));
  // What activate started (file watchers, timers) would keep the process alive.
  process.exit(0);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
