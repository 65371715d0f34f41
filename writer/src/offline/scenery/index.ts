// The offline illustrator's painters, one file per part of a landscape, on the canvas they share.

export { makePalette, type Canvas, type Layer, type Palette } from "./canvas.js";
export { house, skyline, spires, streetLamp, towers } from "./buildings.js";
export { bunting, lanterns, petals } from "./decorations.js";
export { fog, hills, mountains, trees } from "./land.js";
export { sea, ship } from "./sea.js";
export { balloons, birds, celestial, clouds, ringedPlanet, sky, stars } from "./sky.js";
