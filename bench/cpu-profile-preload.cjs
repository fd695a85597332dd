// Preloaded into the built server by bench/profile-route.mjs (NODE_OPTIONS=--require): the CPU
// profiler starts when `${PROFILE_OUT}.start` appears and writes PROFILE_OUT (a .cpuprofile, open
// it in Chrome DevTools) when `${PROFILE_OUT}.stop` appears, so only the measured load is in it.
// Files rather than signals: Nest's shutdown hooks end the process on SIGUSR2.
const fs = require('node:fs');
const inspector = require('node:inspector');
const { isMainThread } = require('node:worker_threads');

const out = process.env.PROFILE_OUT;
// The server's own thread only: the WAL checkpoint thread inherits the preload too.
if (out && isMainThread) {
  const session = new inspector.Session();
  session.connect();
  let state = 'waiting';
  const poll = setInterval(() => {
    if (state === 'waiting' && fs.existsSync(`${out}.start`)) {
      state = 'running';
      session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 250 }, () => session.post('Profiler.start')));
    } else if (state === 'running' && fs.existsSync(`${out}.stop`)) {
      state = 'done';
      clearInterval(poll);
      session.post('Profiler.stop', (error, result) => {
        fs.writeFileSync(out, error ? '' : JSON.stringify(result.profile));
        fs.writeFileSync(`${out}.done`, error ? String(error) : '');
      });
    }
  }, 100);
  poll.unref();
}
