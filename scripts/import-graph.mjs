// `npm run graph [-- <checkout>]`: the floors of each app's import graph, as the layer rules of
// apps/api/eslint.layers.js and apps/web/eslint.layers.js draw them — per floor its production
// files, lines, largest file and files over 400 lines, the imports between floors (any that run up
// a floor counted apart), and the import cycles (type-only imports left out: they vanish from the build). Modules are resolved by TypeScript itself with
// each app's tsconfig. Pass another checkout's path to measure it with the same rules (issue 23
// compares the graph before and after its change).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(process.argv[2] ?? '.');

/** Floors from the top (composition) to the bottom; a file takes the first floor that claims it. */
const APPS = [
  {
    name: 'apps/api',
    src: 'apps/api/src',
    floors: [
      [
        'composition root',
        ['app.ts', 'server.ts', 'runtime.ts', 'testing.ts', 'cli/', 'maintenance/', 'migrate.ts'],
      ],
      ['portal', ['portal/']],
      ['back-office', ['back-office/']],
      ['core', ['core/']],
      ['plumbing', ['http/', 'db/', 'crypto/', 'storage/', 'sanitize/', 'config.ts', 'errors.ts']],
    ],
    // portal and back-office sit side by side: neither may import the other.
    sideBySide: [['portal', 'back-office']],
  },
  {
    name: 'apps/web',
    src: 'apps/web/src',
    floors: [
      ['app', ['app/', 'main.tsx', 'testing.ts']],
      ['routes', ['routes/']],
      ['features', ['features/']],
      ['lib', ['lib/']],
      ['config', ['config/']],
      ['components', ['components/']],
    ],
    sideBySide: [],
  },
  {
    name: 'packages/shared',
    src: 'packages/shared/src',
    floors: [['shared', ['']]],
    sideBySide: [],
  },
];

const isTest = (file) =>
  /\.(test|spec|e2e)\.tsx?$/.test(file) || /[/\\](test|__tests__)[/\\]/.test(file);

function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry) && !entry.endsWith('.d.ts') && !isTest(full)) out.push(full);
  }
  return out;
}

function compilerOptions(appDir) {
  const configPath = path.join(appDir, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(read.config, ts.sys, appDir).options;
}

/**
 * The modules a file loads when it runs: static imports and re-exports (not the type-only ones,
 * which vanish from the build) and dynamic `import()`.
 */
function runtimeImports(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      !node.isTypeOnly
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Tarjan's strongly connected components; the ones of more than one file are cycles. */
function cycles(nodes, edges) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const idx = new Map();
  const low = new Map();
  const found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component);
    }
  };
  for (const v of nodes) if (!idx.has(v)) visit(v);
  return found;
}

for (const app of APPS) {
  const src = path.join(root, app.src);
  const files = sourceFiles(src);
  const options = compilerOptions(path.dirname(src));
  const floorOf = (file) => {
    const rel = path.relative(src, file).split(path.sep).join('/');
    const hit = app.floors.find(([, prefixes]) =>
      prefixes.some((p) => (p.endsWith('/') || p === '' ? rel.startsWith(p) : rel === p)),
    );
    return hit ? hit[0] : 'other';
  };
  const order = [...app.floors.map(([name]) => name), 'other'];
  const rank = (floor) => order.indexOf(floor);
  const edges = new Map();
  const stats = new Map(
    order.map((f) => [f, { files: 0, lines: 0, largest: ['', 0], over400: 0 }]),
  );
  const between = new Map();
  let upward = 0;
  let across = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    const floor = floorOf(file);
    const s = stats.get(floor);
    s.files++;
    s.lines += lines;
    if (lines > s.largest[1]) s.largest = [path.relative(src, file), lines];
    if (lines > 400) s.over400++;
    const targets = new Set();
    for (const fileName of runtimeImports(file, text)) {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = path.resolve(resolved.resolvedFileName);
      if (!target.startsWith(src + path.sep) || isTest(target)) continue;
      targets.add(target);
      const to = floorOf(target);
      if (to === floor) continue;
      const key = `${floor} → ${to}`;
      between.set(key, (between.get(key) ?? 0) + 1);
      if (rank(to) < rank(floor)) upward++;
      if (app.sideBySide.some((pair) => pair.includes(floor) && pair.includes(to))) across++;
    }
    edges.set(file, targets);
  }
  const loops = cycles(files, edges);
  console.log(`== ${app.name} (${files.length} production files)`);
  for (const floor of order) {
    const s = stats.get(floor);
    if (s.files === 0) continue;
    console.log(
      `  ${floor}: ${s.files} files, ${s.lines} lines, largest ${s.largest[0]} (${s.largest[1]}), over 400 lines: ${s.over400}`,
    );
  }
  const shown = [...between].sort(([a], [b]) => a.localeCompare(b));
  console.log(
    `  imports between floors: ${shown.map(([k, n]) => `${k} ${n}`).join('; ') || 'none'}`,
  );
  console.log(
    `  imports up a floor: ${upward}; between side-by-side floors: ${across}; cycles: ${loops.length}`,
  );
  for (const loop of loops) {
    console.log(`    cycle: ${loop.map((f) => path.relative(src, f)).join(' → ')}`);
  }
}
