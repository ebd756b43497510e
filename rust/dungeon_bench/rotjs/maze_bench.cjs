// rot.js's maze and dungeon generators, timed for examples/maze_bench.rs.
// Usage: node maze_bench.cjs SIDE... ; prints one line per (generator, side):
//   <generator> <side> <median ms> <runs> <walkable share>
// or "<generator> <side> skipped" past the generator's size limit (Digger
// grows much faster than the area: 1.4 s at 255² on a busy 2-core machine).
// Each timing is the median of up to 31 runs, as many as fit in 2 s (at
// least one).
// rot-js must be resolvable from this file's folder (the bench installs it
// into its cache folder, never into the repository).
const ROT = require("rot-js");

// Room sizes as our rooms-and-mazes config (sides 5 to 15), a quarter of
// the map dug; the time limit raised so that no map is cut short.
const generators = {
  EllerMaze: (s) => new ROT.Map.EllerMaze(s, s),
  IceyMaze: (s) => new ROT.Map.IceyMaze(s, s, 0),
  DividedMaze: (s) => new ROT.Map.DividedMaze(s, s),
  Uniform: (s) =>
    new ROT.Map.Uniform(s, s, {
      roomWidth: [5, 15],
      roomHeight: [5, 15],
      roomDugPercentage: 0.25,
      timeLimit: 600000,
    }),
  Digger: (s) =>
    new ROT.Map.Digger(s, s, {
      roomWidth: [5, 15],
      roomHeight: [5, 15],
      dugPercentage: 0.25,
      timeLimit: 600000,
    }),
};

// Largest side timed: beyond it one map takes minutes.
const limits = { Uniform: 512, Digger: 256 };

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

for (const side of process.argv.slice(2).map(Number)) {
  for (const [name, make] of Object.entries(generators)) {
    if (side > (limits[name] ?? Infinity)) {
      console.log(`${name} ${side} skipped`);
      continue;
    }
    const times = [];
    let open = 0;
    const begun = performance.now();
    for (let r = 0; r < 31 && (r === 0 || performance.now() - begun < 2000); r++) {
      ROT.RNG.setSeed(7 + r);
      const cells = new Uint8Array(side * side);
      const t0 = performance.now();
      make(side).create((x, y, wall) => {
        cells[y * side + x] = wall ? 0 : 1;
      });
      times.push(performance.now() - t0);
      open = cells.reduce((a, b) => a + b, 0) / cells.length;
    }
    console.log(`${name} ${side} ${median(times).toFixed(3)} ${times.length} ${open.toFixed(3)}`);
  }
}
