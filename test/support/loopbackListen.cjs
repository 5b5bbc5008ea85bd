// Preloaded (`node --require`) into MCP servers the tests start: they listen on 127.0.0.1 only,
// on a free port, and report the port on stderr for the test to read.
const net = require('node:net');

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' || typeof args[0] === 'string') {
    const callback = typeof args.at(-1) === 'function' ? args.pop() : undefined;
    this.once('listening', () => process.stderr.write(`ELBOW_TEST_PORT=${this.address().port}\n`));
    return listen.call(this, 0, '127.0.0.1', callback);
  }
  return listen.apply(this, args);
};
