#!/usr/bin/env node
/**
 * Codemod (issue 23 item 4): the code says "enrol" / "enrolment" (British, as the product speaks);
 * the wire keeps the spec's "enroll" / "enrollment". Deterministic and rerunnable on a newer main:
 *
 *   node build/codemods/enrol-spelling.mjs            # rewrite the tree (then review `git status`)
 *   node build/codemods/enrol-spelling.mjs --dry-run  # say what would change, write nothing
 *   node build/codemods/enrol-spelling.mjs --count    # count "enroll" identifiers by kind, write nothing
 *   --scope=contracts,services[,e2e,remotes/…]       # whose declarations and files are renamed (default: the backend)
 *
 * What it renames, in the scope's files: the names of classes, interfaces, types, enums, functions,
 * variables, parameters, destructured locals, methods (class, interface and port methods, and
 * function-valued properties) and tuple labels; files and folders (moved, imports rewritten);
 * comments and test titles where they name a renamed symbol; MikroORM's entity name. Each symbol is
 * renamed with TypeScript's language service, so every use follows, in every workspace.
 *
 * What it keeps: property keys of data (object literal keys, interface and type-literal properties,
 * zod schema keys, entity properties), so no JSON key, query key, route param, column or port DTO
 * field changes; where a renamed local stood in a shorthand (`{ enrollment }`) the key stays
 * (`{ enrollment: enrolment }`). String literals (paths, messages, table names, route names,
 * audit actions) stay, except a string that names a renamed method exactly. "enrolled" and
 * "enrolling" are British already. The contracts' OpenAPI document is built before and after and
 * must not change; the frontends' route table (contracts/src/generated) is regenerated.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Project, ts } from 'ts-morph';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const args = process.argv.slice(2);
const DRY = args.includes('--dry-run');
const COUNT = args.includes('--count');
const scopeArg = args.find((a) => a.startsWith('--scope='));
const SCOPE = (scopeArg ? scopeArg.slice('--scope='.length) : 'contracts,services')
  .split(',')
  .filter(Boolean)
  .map((s) => s.replace(/\/$/, ''));
/** Generated from the contracts: regenerated, never edited. */
const GENERATED = ['contracts/src/generated/'];

/**
 * American to British: "enroll" not followed by "ed"/"ing" loses an l, case kept. The two l's are
 * of one case, so `enrolLearner` (enrol + Learner) is British already.
 */
const AMERICAN = /([Ee]nro|ENRO)(ll|LL)(?!ed|ing|ED|ING)/g;
const isAmerican = (text) => new RegExp(AMERICAN.source).test(text);
const british = (text) => text.replace(AMERICAN, (_, head, ll) => head + ll[0]);
/** A name that cannot be an English word: worth following into comments, titles and strings. */
const distinctive = (name) => /[a-z][A-Z]|[A-Z]{2}|_/.test(name);

const rel = (file) => path.relative(ROOT, file).split(path.sep).join('/');
const inScope = (file) => {
  const r = rel(file);
  return SCOPE.some((s) => r === s || r.startsWith(`${s}/`)) && !GENERATED.some((g) => r.startsWith(g));
};
const git = (...a) => execFileSync('git', a, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
const log = (...a) => process.stderr.write(`${a.join(' ')}\n`);

// ---------------------------------------------------------------------------------------------
// The project: every tracked TypeScript file of every workspace, so that renames reach every use.
const tracked = git('ls-files', '-z').split('\0').filter(Boolean);
const tsFiles = tracked.filter((f) => /\.(m|c)?tsx?$/.test(f) && !f.endsWith('.d.ts') && existsSync(path.join(ROOT, f)));
const project = new Project({
  tsConfigFilePath: path.join(ROOT, 'tsconfig.base.json'),
  skipAddingFilesFromTsConfig: true,
  compilerOptions: { noEmit: true, types: ['node', 'vitest/globals'] },
});
for (const f of tsFiles) project.addSourceFileAtPath(path.join(ROOT, f));
const service = project.getLanguageService().compilerObject;
const program = service.getProgram();
const checker = program.getTypeChecker();
const sourceFiles = tsFiles.map((f) => program.getSourceFile(path.join(ROOT, f))).filter(Boolean);
const scoped = sourceFiles.filter((sf) => inScope(sf.fileName));
log(`${sourceFiles.length} files in the project, ${scoped.length} in scope (${SCOPE.join(', ')})`);

const K = ts.SyntaxKind;
function walk(node, visit) {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}
const isFunctionValue = (node) => node && (ts.isArrowFunction(node) || ts.isFunctionExpression(node));

/**
 * Whether an identifier names a declaration this codemod renames, and of which kind; undefined for
 * everything that stays (property keys of data, uses).
 */
function declarationKind(id) {
  const p = id.parent;
  if (!p) return undefined;
  switch (p.kind) {
    case K.VariableDeclaration:
    case K.FunctionDeclaration:
    case K.ClassDeclaration:
    case K.InterfaceDeclaration:
    case K.TypeAliasDeclaration:
    case K.EnumDeclaration:
    case K.Parameter:
    case K.TypeParameter:
    case K.FunctionExpression:
    case K.ClassExpression:
      return p.name === id ? 'binding' : undefined;
    case K.BindingElement:
      // `const { enrollment } = …`: the local is renamed, the key it reads stays.
      return p.name === id ? 'binding' : undefined;
    case K.ImportSpecifier:
    case K.NamespaceImport:
    case K.ImportClause:
      // Only a local alias (`import { a as enrollmentX }`); a plain import follows its export.
      return p.name === id && (p.kind !== K.ImportSpecifier || p.propertyName) ? 'binding' : undefined;
    case K.MethodDeclaration:
    case K.MethodSignature:
    case K.GetAccessor:
    case K.SetAccessor:
      return p.name === id ? 'method' : undefined;
    case K.PropertyAssignment:
      // A function-valued property is behaviour, never JSON: renamed like a method.
      return p.name === id && isFunctionValue(p.initializer) ? 'method' : undefined;
    case K.PropertyDeclaration:
      return p.name === id && isFunctionValue(p.initializer) ? 'method' : undefined;
    case K.NamedTupleMember:
      return p.name === id ? 'label' : undefined;
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// --count: what is left, by kind.
function census() {
  const counts = { renamable: new Map(), kept: new Map() };
  for (const sf of scoped) {
    walk(sf, (node) => {
      if (node.kind !== K.Identifier && node.kind !== K.PrivateIdentifier) return;
      const text = node.text;
      if (!isAmerican(text)) return;
      const kind = declarationKind(node);
      const bucket = kind ? counts.renamable : counts.kept;
      const key = `${kind ?? ts.SyntaxKind[node.parent.kind]}\t${text}`;
      bucket.set(key, (bucket.get(key) ?? 0) + 1);
    });
  }
  const total = (m) => [...m.values()].reduce((a, b) => a + b, 0);
  const allIds = (sfList) => {
    let n = 0;
    for (const sf of sfList)
      walk(sf, (node) => {
        if ((node.kind === K.Identifier || node.kind === K.PrivateIdentifier) && isAmerican(node.text)) n += 1;
      });
    return n;
  };
  const keptByName = new Map();
  for (const [k, n] of counts.kept) {
    const [kind, name] = k.split('\t');
    const e = keptByName.get(name) ?? { n: 0, kinds: new Set() };
    e.n += n;
    e.kinds.add(kind);
    keptByName.set(name, e);
  }
  const renamableNames = new Set([...counts.renamable.keys()].map((k) => k.split('\t')[1]));
  const files = tracked.filter((f) => inScope(path.join(ROOT, f)) && isAmerican(f));
  process.stdout.write(
    [
      `scope: ${SCOPE.join(', ')}`,
      `identifier occurrences spelled "enroll(ment)" in scope: ${total(counts.renamable) + total(counts.kept)} (whole repository: ${allIds(sourceFiles)})`,
      `  declarations that are code only (this codemod renames them): ${total(counts.renamable)} in ${renamableNames.size} names`,
      `  other occurrences (uses of those, and keys of data that stay): ${total(counts.kept)}`,
      `files and folders in scope spelled "enroll": ${files.length}`,
      ...files.map((f) => `  ${f}`),
      'declarations to rename:',
      ...[...counts.renamable].sort().map(([k, n]) => `  ${k.replace('\t', ' ')} ×${n}`),
      'names only used or kept (property keys of data, and uses of names declared out of scope):',
      ...[...keptByName].sort((a, b) => b[1].n - a[1].n).map(([name, e]) => `  ${name} ×${e.n} (${[...e.kinds].join(', ')})`),
      '',
    ].join('\n'),
  );
}
if (COUNT) {
  census();
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------
// The wire, before: the OpenAPI document the gateway serves, built from the contracts' route table.
function openApiJson() {
  const script = `import { buildOpenApiDocument, routeTable } from './contracts/src/index.ts';
process.stdout.write(JSON.stringify(buildOpenApiDocument(routeTable, { title: 'x', version: '0' })));`;
  return execFileSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['--eval', script], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
}
const openApiBefore = openApiJson();
log(`OpenAPI document before: ${openApiBefore.length} characters`);

// ---------------------------------------------------------------------------------------------
// 1. Which symbols to rename.
/** symbol -> { oldName, newName, kind, declaration } */
const targets = new Map();
const labels = [];
for (const sf of scoped) {
  walk(sf, (node) => {
    if (node.kind !== K.Identifier) return;
    if (!isAmerican(node.text)) return;
    const kind = declarationKind(node);
    if (!kind) return;
    if (kind === 'label') {
      labels.push({ sf, node });
      return;
    }
    const symbol = checker.getSymbolAtLocation(node);
    if (!symbol) return;
    if (!targets.has(symbol)) targets.set(symbol, { oldName: node.text, newName: british(node.text), kind, sf, node });
  });
}
log(`${targets.size} symbols to rename, ${labels.length} tuple labels`);

// ---------------------------------------------------------------------------------------------
// 2. Every place each one is written, from the language service, before anything changes.
/** file -> Map(start -> edit) */
const edits = new Map();
const conflicts = [];
function addEdit(fileName, start, end, text, why) {
  if (!edits.has(fileName)) edits.set(fileName, new Map());
  const inFile = edits.get(fileName);
  const prior = inFile.get(start);
  if (prior && (prior.end !== end || prior.text !== text)) {
    conflicts.push(`${rel(fileName)}@${start}: "${prior.text}" (${prior.why}) vs "${text}" (${why})`);
    return;
  }
  inFile.set(start, { start, end, text, why });
}

/** Shorthands (`{ a }`, `const { a } = …`) are written key: value when only one side is renamed. */
const shorthands = new Map(); // `${file}@${start}` -> { fileName, start, end, name, key, value }
const renamedSymbols = new Set(targets.keys());
const scopeClash = [];
const resolveName = checker.resolveName?.bind(checker);
const MEANING = ts.SymbolFlags.Value | ts.SymbolFlags.Type | ts.SymbolFlags.Namespace | ts.SymbolFlags.Alias;

function nodeAt(sf, pos) {
  let found;
  const visit = (n) => {
    if (pos >= n.getStart(sf) && pos < n.getEnd()) {
      found = n;
      ts.forEachChild(n, visit);
    }
  };
  visit(sf);
  return found;
}

let done = 0;
const isSpecifier = (node) => node?.parent && (ts.isImportSpecifier(node.parent) || ts.isExportSpecifier(node.parent));
/**
 * The places a symbol is written: the language service's rename locations, asked with prefix and
 * suffix text so that a shorthand keeps its key (`{ enrollment: enrolment }`). Where the service
 * would keep an import or export name with an alias (`export { makeEnrolment as makeEnrollment }`),
 * the specifier is renamed as well and its own uses are asked for in turn.
 */
function renameLocations(t) {
  const found = [];
  const asked = new Set();
  const queue = [[t.sf.fileName, t.node.getStart(t.sf)]];
  while (queue.length) {
    const [fileName, pos] = queue.shift();
    if (asked.has(`${fileName}@${pos}`)) continue;
    asked.add(`${fileName}@${pos}`);
    for (const loc of service.findRenameLocations(fileName, pos, false, false, { providePrefixAndSuffixTextForRename: true }) ?? []) {
      found.push(loc);
      if (loc.prefixText || loc.suffixText) {
        const sf = program.getSourceFile(loc.fileName);
        if (isSpecifier(nodeAt(sf, loc.textSpan.start))) queue.push([loc.fileName, loc.textSpan.start]);
      }
    }
  }
  return found;
}

for (const t of targets.values()) {
  done += 1;
  if (done % 50 === 0) log(`  ${done}/${targets.size}`);
  const locations = renameLocations(t);
  if (locations.length === 0) {
    log(`  no rename locations for ${t.oldName} in ${rel(t.sf.fileName)}`);
    continue;
  }
  // A clash: the new name already means something else where the old one is written.
  let clash;
  for (const loc of locations) {
    const sf = program.getSourceFile(loc.fileName);
    const node = nodeAt(sf, loc.textSpan.start);
    if (!node || node.kind !== K.Identifier || !resolveName) continue;
    if (ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) continue;
    if (
      ts.isPropertyAssignment(node.parent) ||
      ts.isPropertySignature(node.parent) ||
      ts.isMethodSignature(node.parent) ||
      ts.isMethodDeclaration(node.parent)
    )
      continue;
    if (isSpecifier(node)) continue;
    const existing = resolveName(t.newName, node, MEANING, false);
    if (
      existing &&
      !renamedSymbols.has(existing) &&
      !(existing.flags & ts.SymbolFlags.Alias && renamedSymbols.has(checker.getAliasedSymbol(existing)))
    ) {
      clash = `${rel(loc.fileName)}:${sf.getLineAndCharacterOfPosition(loc.textSpan.start).line + 1}`;
      break;
    }
  }
  if (clash) {
    scopeClash.push(`${t.oldName} -> ${t.newName}: "${t.newName}" is already in scope at ${clash}; left as it is`);
    continue;
  }
  for (const loc of locations) {
    const start = loc.textSpan.start;
    const end = start + loc.textSpan.length;
    const sf = program.getSourceFile(loc.fileName);
    const written = sf.text.slice(start, end);
    const node = nodeAt(sf, start);
    const parent = node?.parent;
    if (written !== t.oldName) {
      // A string literal naming the property (`vi.spyOn(port, 'x')`): its text without quotes.
      if (written.replace(/^['"`]|['"`]$/g, '') !== t.oldName) {
        conflicts.push(`${rel(loc.fileName)}@${start}: expected ${t.oldName}, found ${written}`);
        continue;
      }
      addEdit(loc.fileName, start + 1, end - 1, t.newName, `rename ${t.oldName} (string)`);
      continue;
    }
    if (isSpecifier(node)) {
      addEdit(loc.fileName, start, end, t.newName, `rename ${t.oldName}`);
      continue;
    }
    const shorthand =
      parent &&
      (ts.isShorthandPropertyAssignment(parent) ||
        (ts.isBindingElement(parent) && !parent.propertyName && ts.isObjectBindingPattern(parent.parent) && parent.name === node));
    if (shorthand) {
      const key = `${loc.fileName}@${start}`;
      const entry = shorthands.get(key) ?? { fileName: loc.fileName, start, end, name: t.oldName, key: t.oldName, value: t.oldName };
      // "old: new" renames the local (value side); "new: old" the property (key side); plain, both.
      if (loc.prefixText) entry.value = t.newName;
      else if (loc.suffixText) entry.key = t.newName;
      else {
        entry.key = t.newName;
        entry.value = t.newName;
      }
      shorthands.set(key, entry);
      continue;
    }
    if (loc.prefixText || loc.suffixText) {
      conflicts.push(`${rel(loc.fileName)}@${start}: unexpected "${loc.prefixText ?? ''}|${loc.suffixText ?? ''}" renaming ${t.oldName}`);
      continue;
    }
    addEdit(loc.fileName, start, end, t.newName, `rename ${t.oldName}`);
  }
}
for (const s of shorthands.values()) {
  const text = s.key === s.value ? s.key : `${s.key}: ${s.value}`;
  if (text !== s.name) addEdit(s.fileName, s.start, s.end, text, `shorthand ${s.name}`);
}

// Tuple labels are names only the reader sees.
for (const { sf, node } of labels) addEdit(sf.fileName, node.getStart(sf), node.getEnd(), british(node.text), 'tuple label');

// ---------------------------------------------------------------------------------------------
// 3. Words that name a renamed symbol, in comments, test titles and strings naming a method;
//    MikroORM's entity name beside a renamed entity.
const renamedNames = new Map();
for (const t of targets.values()) if (!scopeClash.some((c) => c.startsWith(`${t.oldName} ->`))) renamedNames.set(t.oldName, t);
const distinctNames = [...renamedNames.keys()].filter(distinctive).sort((a, b) => b.length - a.length);
const wordPattern = distinctNames.length
  ? new RegExp(`(?<![A-Za-z0-9_$])(${distinctNames.map((n) => n.replace(/[$]/g, '\\$&')).join('|')})(?![A-Za-z0-9_$])`, 'g')
  : null;
function rewriteWords(fileName, start, text, why) {
  if (!wordPattern) return;
  for (const m of text.matchAll(wordPattern))
    addEdit(fileName, start + m.index, start + m.index + m[0].length, renamedNames.get(m[0]).newName, why);
}
const TEST_CALLS = new Set(['describe', 'it', 'test', 'suite', 'bench']);
function calleeRoot(expr) {
  while (expr) {
    if (ts.isIdentifier(expr)) return expr.text;
    if (ts.isPropertyAccessExpression(expr)) expr = expr.expression;
    else if (ts.isCallExpression(expr)) expr = expr.expression;
    else return undefined;
  }
  return undefined;
}
const methodNames = new Set([...renamedNames.values()].filter((t) => t.kind === 'method' && distinctive(t.oldName)).map((t) => t.oldName));
for (const sf of scoped) {
  const seenComments = new Set();
  const comment = (ranges) => {
    for (const r of ranges ?? []) {
      if (seenComments.has(r.pos)) continue;
      seenComments.add(r.pos);
      rewriteWords(sf.fileName, r.pos, sf.text.slice(r.pos, r.end), 'comment');
    }
  };
  walk(sf, (node) => {
    comment(ts.getLeadingCommentRanges(sf.text, node.pos));
    comment(ts.getTrailingCommentRanges(sf.text, node.end));
    if (
      ts.isCallExpression(node) &&
      TEST_CALLS.has(calleeRoot(node.expression)) &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      const arg = node.arguments[0];
      rewriteWords(sf.fileName, arg.getStart(sf) + 1, arg.text, 'test title');
    }
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && methodNames.has(node.text)) {
      addEdit(sf.fileName, node.getStart(sf) + 1, node.getEnd() - 1, renamedNames.get(node.text).newName, 'string naming a method');
    }
    // defineEntity({ name: 'Enrollment', tableName: 'enrollments' }): the entity's name follows its constant; the table stays.
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'defineEntity' &&
      ts.isVariableDeclaration(node.parent) &&
      ts.isIdentifier(node.parent.name)
    ) {
      const t = renamedNames.get(node.parent.name.text);
      const options = node.arguments[0];
      if (t && options && ts.isObjectLiteralExpression(options)) {
        for (const prop of options.properties) {
          if (
            ts.isPropertyAssignment(prop) &&
            ts.isIdentifier(prop.name) &&
            prop.name.text === 'name' &&
            ts.isStringLiteral(prop.initializer) &&
            prop.initializer.text === t.oldName
          ) {
            addEdit(sf.fileName, prop.initializer.getStart(sf) + 1, prop.initializer.getEnd() - 1, t.newName, 'entity name');
          }
        }
      }
    }
  });
}

if (conflicts.length) {
  log(`Conflicting edits, nothing written:\n  ${conflicts.join('\n  ')}`);
  process.exit(1);
}
for (const c of scopeClash) log(`  skipped: ${c}`);

// ---------------------------------------------------------------------------------------------
// 4. Apply the text edits, file by file, from the end.
let editCount = 0;
const changedFiles = [];
for (const [fileName, inFile] of edits) {
  const sorted = [...inFile.values()].sort((a, b) => b.start - a.start);
  let text = project.getSourceFileOrThrow(fileName).getFullText();
  let lastStart = Infinity;
  for (const e of sorted) {
    if (e.end > lastStart) throw new Error(`overlapping edits in ${rel(fileName)} at ${e.start} (${e.why})`);
    text = text.slice(0, e.start) + e.text + text.slice(e.end);
    lastStart = e.start;
    editCount += 1;
  }
  project.getSourceFileOrThrow(fileName).replaceWithText(text);
  changedFiles.push(rel(fileName));
}
log(`${editCount} edits in ${changedFiles.length} files (${[...renamedNames.keys()].length} names)`);
if (DRY) {
  for (const [oldName, t] of [...renamedNames].sort())
    process.stdout.write(`${t.kind}\t${oldName} -> ${t.newName}\t${rel(t.sf.fileName)}\n`);
}

// ---------------------------------------------------------------------------------------------
// 5. Files and folders: each segment spelled "enroll" is respelled; imports follow (ts-morph).
const moves = [];
for (const f of tracked) {
  if (!inScope(path.join(ROOT, f)) || !isAmerican(f)) continue;
  const to = f
    .split('/')
    .map((seg) => british(seg))
    .join('/');
  if (to !== f) moves.push([f, to]);
}
for (const [from, to] of moves) {
  log(`  move ${from} -> ${to}`);
  if (DRY) continue;
  const sf = project.getSourceFile(path.join(ROOT, from));
  if (sf) sf.move(path.join(ROOT, to), { overwrite: false });
}
if (DRY) process.exit(0);
await project.save();
for (const [from, to] of moves) {
  const absFrom = path.join(ROOT, from);
  if (existsSync(absFrom)) {
    // Not TypeScript (or not in the project): a plain move, recorded by git.
    git('mv', from, to);
  } else if (existsSync(path.join(ROOT, to))) {
    git('rm', '--cached', '--quiet', from);
    git('add', to);
  }
}

// 6. References to moved files outside TypeScript imports: comments, vi.mock paths, docs.
const stems = moves.map(([from, to]) => [
  path.posix.basename(from).replace(/\.(test\.)?(m)?tsx?$/, ''),
  path.posix.basename(to).replace(/\.(test\.)?(m)?tsx?$/, ''),
]);
const dirs = new Map();
for (const [from, to] of moves) {
  const a = from.split('/');
  const b = to.split('/');
  for (let i = 0; i < a.length - 1; i += 1) if (a[i] !== b[i]) dirs.set(a.slice(0, i + 1).join('/'), b.slice(0, i + 1).join('/'));
}
const SELF = rel(new URL(import.meta.url).pathname);
const textFiles = git('ls-files', '-z')
  .split('\0')
  .filter(
    (f) => f && f !== SELF && /\.(m?[jt]sx?|md|json|ya?ml)$/.test(f) && !f.endsWith('package-lock.json') && existsSync(path.join(ROOT, f)),
  );
for (const f of textFiles) {
  const abs = path.join(ROOT, f);
  const before = readFileSync(abs, 'utf8');
  let after = before;
  // A moved folder, written from its workspace down (`enrolment/src/modules/enrollments`) or as the repository path.
  for (const [from, to] of dirs) {
    const parts = from.split('/');
    for (let i = 0; i < parts.length - 2; i += 1) {
      const suffix = parts.slice(i).join('/');
      after = after.split(suffix).join(to.split('/').slice(i).join('/'));
    }
  }
  // A moved file's distinctive name (`remove-enrollments.ts`, `enrollment.entity`), in a path or alone.
  for (const [from, to] of stems) {
    if (from === to || !/[-.]/.test(from)) continue;
    after = after.replace(new RegExp(`(?<![A-Za-z0-9_-])${from.replace(/[.]/g, '\\.')}(?=[.'"\`/ )]|$)`, 'gm'), to);
  }
  if (after !== before) {
    writeFileSync(abs, after);
    log(`  paths in ${f}`);
  }
}
// docs/architecture.md names the folder by its own name in the enrolment service's line.
const arch = path.join(ROOT, 'docs/architecture.md');
if (existsSync(arch) && dirs.size) {
  const before = readFileSync(arch, 'utf8');
  const after = before
    .replace(/^(- \*\*enrolment\*\*:.*?)`enrollments\/`/m, '$1`enrolments/`')
    .replace(/(`certificates\/` builds on it \(certificates →\s+)enrollments,/, '$1enrolments,');
  if (after !== before) writeFileSync(arch, after);
}

// 7. The frontends' route table follows the contracts' export names.
execFileSync('npm', ['run', '-s', 'generate', '-w', '@portal/contracts'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });

// 8. The wire, after: it must be the same.
const openApiAfter = openApiJson();
if (openApiAfter !== openApiBefore) {
  writeFileSync(path.join(ROOT, 'openapi.before.json'), openApiBefore);
  writeFileSync(path.join(ROOT, 'openapi.after.json'), openApiAfter);
  log('The OpenAPI document changed: see openapi.before.json and openapi.after.json');
  process.exit(2);
}
log(`OpenAPI document unchanged (${openApiAfter.length} characters). Done: review with git status / git diff -M.`);
