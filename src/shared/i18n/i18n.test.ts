import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES, resources } from './index.js';

const SRC = join(import.meta.dirname, '..', '..');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const SNAKE_SEGMENT = /^[a-z0-9]+(_[a-z0-9]+)*$/;

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');

/** Every key of a language as 'ns:key', plus the base of each plural form. */
function catalogKeys(language: (typeof LANGUAGES)[number]): Set<string> {
  const keys = new Set<string>();
  for (const ns of NAMESPACES) {
    for (const key of flatten(resources[language][ns]).keys()) {
      keys.add(`${ns}:${key}`);
      keys.add(`${ns}:${baseKey(key)}`);
    }
  }
  return keys;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const namespacePattern = NAMESPACES.join('|');
// 'ns:key' string literals: t() calls, zod messages, key tables. Template strings with ${} never match.
const KEY_LITERAL = new RegExp(String.raw`(['"\x60])((?:${namespacePattern}):[a-z0-9_.]+)\1`, 'g');
const T_CALL_LITERAL = /\bt\(\s*(['"\x60])([^'"\x60]*)\1/g;

const files = sourceFiles(SRC).filter((file) => file !== import.meta.filename);

describe('translation catalogs', () => {
  it('has the same keys in every language, plural forms counting as their base key', () => {
    for (const ns of NAMESPACES) {
      const [first, ...others] = LANGUAGES.map(
        (lang) => new Set([...flatten(resources[lang][ns]).keys()].map(baseKey)),
      );
      for (const [index, keys] of others.entries()) {
        const lang = LANGUAGES[index + 1];
        expect(
          [...first!].filter((k) => !keys.has(k)),
          `${ns}: in en, missing in ${lang}`,
        ).toEqual([]);
        expect(
          [...keys].filter((k) => !first!.has(k)),
          `${ns}: in ${lang}, missing in en`,
        ).toEqual([]);
      }
    }
  });

  it('has no empty or non-string values', () => {
    for (const lang of LANGUAGES) {
      for (const ns of NAMESPACES) {
        const bad = [...flatten(resources[lang][ns])]
          .filter(([, v]) => typeof v !== 'string' || v.trim() === '')
          .map(([k]) => k);
        expect(bad, `${lang}/${ns}.json`).toEqual([]);
      }
    }
  });

  it('uses snake_case keys, sorted alphabetically in each file', () => {
    for (const lang of LANGUAGES) {
      for (const ns of NAMESPACES) {
        const keys = [...flatten(resources[lang][ns]).keys()];
        expect(
          keys.filter((k) => !k.split('.').every((segment) => SNAKE_SEGMENT.test(segment))),
          `${lang}/${ns}.json not snake_case`,
        ).toEqual([]);
        const topLevel = Object.keys(resources[lang][ns]!);
        expect(topLevel, `${lang}/${ns}.json not sorted`).toEqual([...topLevel].sort());
      }
    }
  });
});

describe('keys used in code', () => {
  const english = catalogKeys('en');

  it('exist in the English catalog (t() calls, zod messages, key tables)', () => {
    const missing: string[] = [];
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(KEY_LITERAL)) {
        if (!english.has(match[2]!)) missing.push(`${relative(SRC, file)}: ${match[2]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('always name their namespace in t() calls', () => {
    const unprefixed: string[] = [];
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(T_CALL_LITERAL)) {
        if (!match[2]!.includes(':')) unprefixed.push(`${relative(SRC, file)}: t('${match[2]}')`);
      }
    }
    expect(unprefixed).toEqual([]);
  });
});
