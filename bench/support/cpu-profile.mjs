// Loaded with NODE_OPTIONS=--import (where --cpu-prof is not allowed): profiles the whole process and
// writes a .cpuprofile into CPU_PROFILE_DIR when it exits (open it in Chrome DevTools or speedscope).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 500 });
session.post('Profiler.start');
process.on('exit', () => {
  // The in-process inspector answers synchronously, so this runs to the end inside 'exit'.
  session.post('Profiler.stop', (error, result) => {
    if (error) return;
    writeFileSync(
      join(process.env.CPU_PROFILE_DIR ?? '.', `${process.env.CPU_PROFILE_NAME ?? 'app'}-${process.pid}.cpuprofile`),
      JSON.stringify(result.profile),
    );
  });
});
