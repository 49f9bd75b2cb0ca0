// A web app's use of the generated module, type-checked with `tsc --noEmit --strict` against Tokens/'s build.
import { tokens, cssVariables, cssVar, type TokenName } from "./tokens.js";

const accent: "#0b5fc2" = tokens["color.accent"].light;
const dark: string = tokens["color.accent"].dark;
const gap: string = tokens["spacing.m"];
const body = tokens["typography.body"];
const style = { fontFamily: body.fontFamily, fontSize: body.fontSize, fontWeight: body.fontWeight, lineHeight: body.lineHeight };
const name: TokenName = "color.accent";
const variable: "--color-accent" = cssVariables["color.accent"];
const background: "var(--color-background-primary)" = cssVar("color.background.primary");

// @ts-expect-error: a name the token set does not have (a misspelt `color.accent`) does not type-check.
const misspelt = tokens["color.acent"];
// @ts-expect-error: cssVar takes token names only.
const unknown = cssVar("color.nothing");
// @ts-expect-error: the values are read-only.
tokens["color.accent"].light = "#000000";

export { accent, dark, gap, style, name, variable, background, misspelt, unknown };
