import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSize } from './first-load.ts';

/** Bytes of one part of a bundle: as shipped, and its share of the gzip size. */
export type Weight = { bytes: number; gzip: number };

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((char, index) => [char, index]));

/** One mapping segment: where it starts on its generated line and which source it came from (-1: none). */
export type Segment = { column: number; source: number };

/** Decodes a source map's `mappings` (Base64 VLQ) into segments per generated line. */
export function decodeMappings(mappings: string): Segment[][] {
  const lines: Segment[][] = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments: Segment[] = [];
    let column = 0;
    for (const encoded of line.split(',')) {
      if (encoded === '') {
        continue;
      }
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of encoded) {
        const digit = BASE64_VALUE.get(char);
        if (digit === undefined) {
          throw new Error(`Invalid source map mappings: ${JSON.stringify(char)}`);
        }
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
          continue;
        }
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
      column += fields[0] ?? 0;
      if (fields.length >= 4) {
        source += fields[1] ?? 0;
        segments.push({ column, source });
      } else {
        segments.push({ column, source: -1 });
      }
    }
    segments.sort((a, b) => a.column - b.column);
    lines.push(segments);
  }
  return lines;
}

/**
 * The group a bundled source counts under: its npm package (`react-dom`, `@radix-ui/react-dialog`), or
 * for the monorepo's own code its workspace and first folder (`@hiwar/ui messages`, `web routes`; a
 * feature folder by name: `web features/chat`).
 */
export function packageOf(source: string): string {
  const normalized = source.replace(/\\/g, '/');
  const nodeModules = normalized.lastIndexOf('node_modules/');
  if (nodeModules !== -1) {
    const [scope, name] = normalized.slice(nodeModules + 'node_modules/'.length).split('/');
    return scope?.startsWith('@') ? `${scope}/${name}` : (scope ?? normalized);
  }
  const workspace = normalized.match(/(?:^|\/)(packages|apps)\/([^/]+)\/src\/(.*)$/);
  if (workspace) {
    const owner = workspace[1] === 'packages' ? `@hiwar/${workspace[2]}` : String(workspace[2]);
    const folders = String(workspace[3]).split('/').slice(0, -1);
    const area = folders[0] === 'features' ? folders.slice(0, 2).join('/') : folders[0];
    return area ? `${owner} ${area}` : owner;
  }
  if (normalized.includes('\0')) {
    return '(bundler runtime)';
  }
  return normalized;
}

type Parts = Map<string, string[]>;
type SourceMap = { sources: string[]; sourceRoot?: string; mappings: string };

/** Splits a chunk's code by the package each byte came from, per its source map. */
function partsOf(code: string, map: SourceMap, mapFile: string): Parts {
  const root = path.resolve(path.dirname(mapFile), map.sourceRoot ?? '');
  // Virtual modules (`\0vite/preload-helper.js`) are not paths: grouped as they are.
  const groups = map.sources.map((source) =>
    packageOf(source.includes('\0') ? source : path.resolve(root, source)),
  );
  const parts: Parts = new Map();
  const add = (group: string, text: string) => {
    if (text === '') {
      return;
    }
    const list = parts.get(group);
    if (list) {
      list.push(text);
    } else {
      parts.set(group, [text]);
    }
  };
  const lines = code.split('\n');
  const mappings = decodeMappings(map.mappings);
  lines.forEach((line, lineIndex) => {
    const segments = mappings[lineIndex] ?? [];
    add('(unmapped)', line.slice(0, segments[0]?.column ?? line.length));
    segments.forEach((segment, index) => {
      const end = segments[index + 1]?.column ?? line.length;
      add(
        segment.source === -1 ? '(unmapped)' : (groups[segment.source] ?? '(unmapped)'),
        line.slice(segment.column, end),
      );
    });
  });
  return parts;
}

/**
 * What the given built files are made of, by package: bytes from each file's source map, and the
 * file's real gzip size shared out in proportion to each package's code compressed on its own (text
 * and minified code compress differently, so raw bytes would misjudge the share). A file without a
 * source map (CSS) counts as a whole under its own name.
 */
export function bundleComposition(distDir: string, files: readonly string[]): Map<string, Weight> {
  const totals = new Map<string, Weight>();
  const add = (group: string, weight: Weight) => {
    const total = totals.get(group) ?? { bytes: 0, gzip: 0 };
    totals.set(group, { bytes: total.bytes + weight.bytes, gzip: total.gzip + weight.gzip });
  };
  for (const file of files) {
    const full = path.join(distDir, file);
    const code = readFileSync(full, 'utf8');
    const gzip = gzipSize(code);
    const mapFile = `${full}.map`;
    if (!existsSync(mapFile)) {
      add(file.endsWith('.css') ? '(stylesheet)' : `(no source map) ${file}`, {
        bytes: Buffer.byteLength(code),
        gzip,
      });
      continue;
    }
    const parts = [...partsOf(code, JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMap, mapFile)].map(
      ([group, texts]) => {
        const text = texts.join('');
        return { group, bytes: Buffer.byteLength(text), alone: gzipSize(text) };
      },
    );
    const aloneTotal = parts.reduce((sum, part) => sum + part.alone, 0);
    for (const part of parts) {
      add(part.group, { bytes: part.bytes, gzip: aloneTotal === 0 ? 0 : (gzip * part.alone) / aloneTotal });
    }
  }
  return totals;
}
