// Checks a build's ts/tokens.js against its json/tokens.flat.json and css/tokens.css, which other code wrote:
// every token the stylesheet has is in the module with the value the flat JSON gives, converted here from
// DTCG's JSON form to its web form by the rules docs/typescript.md states, in every mode; light values equal
// the stylesheet's declarations; every custom property name is one the stylesheet declares.
//
//   node compare.mjs OUTPUT-FOLDER      prints "N tokens agree" and exits 0, or prints each difference and exits 1
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { join, resolve } from "node:path";

const folder = resolve(process.argv[2]);
const { tokens, cssVariables, cssVar } = await import(pathToFileURL(join(folder, "ts/tokens.js")).href);
const flat = JSON.parse(readFileSync(join(folder, "json/tokens.flat.json"), "utf8"));
const css = readFileSync(join(folder, "css/tokens.css"), "utf8");
const problems = [];
const problem = (path, text) => problems.push(`${path}: ${text}`);

// The stylesheet's first block, `:root { … }`, holds every property's light value.
const rootBlock = css.slice(css.indexOf(":root {"), css.indexOf("\n}", css.indexOf(":root {")));
const declared = new Map([...rootBlock.matchAll(/^\s+(--[^:]+): (.*);$/gm)].map((m) => [m[1], m[2]]));

// Numbers as a stylesheet writes them: at most six decimals, halves rounded away from zero.
const cssNumber = (n) => String((Math.sign(n) * Math.round(Math.abs(n) * 1e6)) / 1e6 || 0);
const length = (d) => cssNumber(d.value) + d.unit;
// DTCG 2025.10's font-weight names (Design Tokens Format Module, 8.4 "Font weight").
const weights = { thin: 100, hairline: 100, "extra-light": 200, "ultra-light": 200, light: 300, normal: 400, regular: 400, book: 400,
  medium: 500, "semi-bold": 600, "demi-bold": 600, bold: 700, "extra-bold": 800, "ultra-bold": 800, black: 900, heavy: 900,
  "extra-black": 950, "ultra-black": 950 };
const weight = (w) => (typeof w === "number" ? Math.trunc(w) : weights[w]);
const generic = new Set(["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-monospace", "ui-sans-serif", "ui-serif",
  "ui-rounded", "-apple-system"]);
const family = (f) => [].concat(f).map((name) => (generic.has(name) ? name : `"${name.replace(/[\\"]/g, "\\$&")}"`)).join(", ");
// A color as sRGB hex, its alpha (when below 1) as a fourth byte.
const color = (c) => c.alpha === undefined || c.alpha === 1 ? c.hex : c.hex + Math.round(c.alpha * 255).toString(16).padStart(2, "0");
const curve = (points) => `cubic-bezier(${points.map(cssNumber).join(", ")})`;
const stroke = (s) => (typeof s === "string" ? s : { dashArray: s.dashArray.map(length), lineCap: s.lineCap });
const layer = (l) => ({ color: color(l.color), offsetX: length(l.offsetX), offsetY: length(l.offsetY), blur: length(l.blur),
  spread: length(l.spread), inset: l.inset ?? false });
const web = {
  color,
  dimension: length,
  duration: length,
  number: (n) => n,
  fontWeight: weight,
  fontFamily: family,
  cubicBezier: curve,
  strokeStyle: stroke,
  typography: (t) => ({ fontFamily: family(t.fontFamily), fontSize: length(t.fontSize), fontWeight: weight(t.fontWeight),
    lineHeight: t.lineHeight, letterSpacing: length(t.letterSpacing) }),
  border: (b) => ({ width: length(b.width), style: stroke(b.style), color: color(b.color) }),
  shadow: (s) => (Array.isArray(s) ? s.map(layer) : layer(s)),
  transition: (t) => ({ duration: length(t.duration), delay: length(t.delay), timingFunction: curve(t.timingFunction) }),
  gradient: (stops) => stops.map((s) => ({ color: color(s.color), position: s.position })),
  icon: (i) => `${cssNumber(i.size.width)}px`,
};
// Key order matters too: the module is read by people, and `tokens.d.ts` declares the same order.
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

let agreed = 0;
for (const [path, entry] of Object.entries(flat)) {
  const { type, ...modes } = entry;
  const leftOut = type === "symbol" || type === "accent" || (type === "icon" && modes.light.size === undefined);
  if (leftOut) {
    if (path in tokens) problem(path, `a ${type} token is in the module; the web outputs leave it out`);
    continue;
  }
  if (!(path in tokens)) { problem(path, "missing from the module"); continue; }
  const value = tokens[path];
  const names = Object.keys(modes);
  // One value, or one per mode; a system color has one in every appearance, so more modes than the JSON writes.
  const perMode = names.length > 1 || (type === "color" && typeof value === "object");
  for (const mode of names) {
    const expected = web[type](modes[mode]);
    const actual = perMode ? value[mode] : value;
    if (!same(actual, expected)) problem(path, `${mode}: the module has ${JSON.stringify(actual)}, the JSON gives ${JSON.stringify(expected)}`);
  }
  if (perMode && names.length > 1 && !same(Object.keys(value), names)) problem(path, `modes ${Object.keys(value)}, the JSON has ${names}`);
  const variable = cssVariables[path];
  if (!declared.has(variable)) { problem(path, `${variable} is not declared in css/tokens.css`); continue; }
  if (cssVar(path) !== `var(${variable})`) problem(path, `cssVar gives ${cssVar(path)}`);
  const light = perMode ? value.light ?? value[names[0]] : value;
  const text = declared.get(variable);
  // A number is rounded in the stylesheet, not in the module (it keeps the JSON's value).
  const lightText = typeof light === "number" ? cssNumber(light) : String(light);
  if (typeof light !== "object" && text !== lightText && !text.startsWith("light-dark(") && !text.startsWith("var(")) {
    problem(path, `light value ${light}, css/tokens.css declares ${text}`);
  }
  agreed += 1;
}
for (const path of Object.keys(tokens)) if (!(path in flat)) problem(path, "in the module, not in the JSON");
// Every property the stylesheet declares is a token's (a typography token's letter spacing comes with it).
const variables = new Set(Object.values(cssVariables));
for (const name of declared.keys()) {
  const owner = name.replace(/(-letter-spacing|LetterSpacing)$/, "");
  if (name !== "color-scheme" && !variables.has(name) && !variables.has(owner)) problem(name, "declared in css/tokens.css, no token's variable");
}
if (problems.length > 0) {
  console.log(problems.join("\n"));
  process.exit(1);
}
console.log(`${agreed} tokens agree`);
