import { clsx, type ClassValue } from 'clsx';

/**
 * Join class names; a later Tailwind utility wins over an earlier one of the same kind under the same
 * variants ("px-4 … px-2" keeps px-2; "px-2 … p-4" keeps p-4; "p-4 … px-2" keeps both). A few dozen
 * lines instead of tailwind-merge (about 10 KB gzipped on every page, decision 009): it knows the
 * utility kinds this app's components override; an unknown class is always kept.
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs).split(' ');
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = classes.length - 1; i >= 0; i--) {
    const name = classes[i]!;
    if (!name) continue;
    const key = conflictKey(name);
    if (key) {
      const [variants, group] = key;
      if (taken.has(variants + group)) continue;
      taken.add(variants + group);
      for (const covered of COVERS[group] ?? []) taken.add(variants + covered);
    }
    kept.push(name);
  }
  return kept.reverse().join(' ');
}

/** A group set later also replaces these narrower groups set earlier. */
const COVERS: Record<string, string[]> = {
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe'],
  px: ['pr', 'pl', 'ps', 'pe'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me'],
  mx: ['mr', 'ml', 'ms', 'me'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  gap: ['gap-x', 'gap-y'],
  rounded: ['rounded-t', 'rounded-r', 'rounded-b', 'rounded-l', 'rounded-tl', 'rounded-tr', 'rounded-br', 'rounded-bl'],
  'border-w': ['border-w-x', 'border-w-y', 'border-w-t', 'border-w-r', 'border-w-b', 'border-w-l'],
  overflow: ['overflow-x', 'overflow-y'],
  // A font size sets the line height too: "leading-tight … text-base" keeps text-base's.
  'text-size': ['leading'],
};

const KEYWORDS: Record<string, string> = {};
const keywords = (group: string, names: string) => names.split(' ').forEach((n) => (KEYWORDS[n] = group));
keywords('display', 'block inline-block inline flex inline-flex grid inline-grid hidden contents table flow-root');
keywords('position', 'static fixed absolute relative sticky');
keywords('visibility', 'visible invisible');
keywords('flex-direction', 'flex-row flex-row-reverse flex-col flex-col-reverse');
keywords('flex-wrap', 'flex-wrap flex-nowrap flex-wrap-reverse');
keywords('flex', 'flex-1 flex-auto flex-initial flex-none');
keywords('text-align', 'text-left text-center text-right text-justify text-start text-end');
keywords('text-wrap', 'text-wrap text-nowrap text-balance text-pretty');
keywords('text-transform', 'uppercase lowercase capitalize normal-case');
keywords('font-style', 'italic not-italic');
keywords('sr', 'sr-only not-sr-only');

// Longest first, so "min-w" is found before "m" and "gap-x" before "gap".
const PREFIXES = [
  'rounded-tl rounded-tr rounded-br rounded-bl rounded-t rounded-r rounded-b rounded-l rounded',
  'min-w max-w min-h max-h size w h',
  'px py pt pr pb pl ps pe p mx my mt mr mb ml ms me m',
  'gap-x gap-y gap space-x space-y inset-x inset-y inset top right bottom left z',
  'overflow-x overflow-y overflow items justify-items justify self place-items content',
  'grid-cols grid-rows col-span row-span basis grow shrink order',
  'leading tracking line-clamp opacity duration ease cursor aspect object whitespace transition animate',
  'ring-offset ring shadow outline border text bg font',
]
  .join(' ')
  .split(' ');

const TEXT_SIZES = /^(xs|sm|base|lg|\d?xl|\[\d.*(px|rem|em)\])$/;
const FONT_WEIGHTS = /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/;
const SIDES = /^(x|y|t|r|b|l|s|e)(-|$)/;

/** [variants, group] of a utility, or null when this merger does not know its kind. */
function conflictKey(name: string): [string, string] | null {
  let depth = 0;
  let cut = -1;
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (c === ':' && depth === 0) cut = i;
  }
  const variants = name.slice(0, cut + 1);
  let base = name.slice(cut + 1);
  const important = base.startsWith('!') || base.endsWith('!') ? '!' : '';
  base = base.replace(/^!|!$/g, '').replace(/^-/, '');
  const keyword = KEYWORDS[base];
  if (keyword) return [variants + important, keyword];
  const prefix = PREFIXES.find((p) => base === p || base.startsWith(`${p}-`));
  if (!prefix) return null;
  const value = base.slice(prefix.length + 1);
  return [variants + important, refine(prefix, value)];
}

/** Prefixes shared by several kinds (text size vs colour, border width vs colour, …). */
function refine(prefix: string, value: string): string {
  switch (prefix) {
    case 'text':
      return TEXT_SIZES.test(value) ? 'text-size' : 'text-color';
    case 'font':
      return FONT_WEIGHTS.test(value) ? 'font-weight' : 'font-family';
    case 'border': {
      if (value === '' || /^\d+$/.test(value)) return 'border-w';
      if (/^(solid|dashed|dotted|double|none|hidden)$/.test(value)) return 'border-style';
      const side = SIDES.exec(value);
      if (side && (value.length === 1 || /^\w-\d+$/.test(value))) return `border-w-${side[1]}`;
      return side && value[1] === '-' ? `border-color-${side[1]}` : 'border-color';
    }
    case 'shadow':
      return value === '' || /^(2xs|xs|sm|md|lg|\d?xl|none|inner)$/.test(value) ? 'shadow' : 'shadow-color';
    case 'ring':
      return value === '' || /^\d+$/.test(value) ? 'ring-w' : 'ring-color';
    case 'ring-offset':
      return /^\d+$/.test(value) ? 'ring-offset-w' : 'ring-offset-color';
    case 'outline':
      return value === '' || /^(\d+|none|hidden|solid|dashed|dotted|double)$/.test(value) ? 'outline' : 'outline-color';
    case 'bg':
      return /^(cover|contain|auto|fixed|local|scroll|repeat|no-repeat|(top|bottom|left|right|center)(-.*)?|none|linear-.*|radial.*|conic.*|gradient-.*|clip-.*|origin-.*)$/.test(
        value,
      )
        ? `bg-${value.split('-')[0]}`
        : 'bg-color';
    default:
      return prefix;
  }
}
