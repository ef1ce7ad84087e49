// What a module does when it is imported, read from its syntax tree (decision 117): the state it keeps
// (a top-level `let` or `var`, a top-level `new`) and the configuration it reads (`process.env`) before
// any function of it is called. Function bodies run later, per call, and are not looked into.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '../..');

export type Finding = { file: string; line: number; name: string; what: string };

/** The non-test TypeScript modules under `dir` (relative to the root). */
export function sourceModules(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceModules(rel);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/**
 * The modules that are processes rather than parts of one: a command under a `cli/` folder, and a file a
 * package's own scripts run with node (`node src/server.ts`). Read from the packages, so a new one is known.
 */
export function processEntries(): string[] {
  const entries: string[] = [];
  for (const pkg of ['api', 'db', 'site']) {
    const scripts =
      (JSON.parse(fs.readFileSync(path.join(root, pkg, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
    for (const command of Object.values(scripts))
      for (const [, file] of command.matchAll(/\bnode (?:--\S+ )*(src\/\S+\.ts)\b/g)) entries.push(`${pkg}/${file}`);
  }
  return entries;
}

export const isProcessEntry = (file: string) => /(^|\/)cli\//.test(file) || processEntries().includes(file);

const isFunctionLike = (node: ts.Node) => ts.isFunctionLike(node) || ts.isClassDeclaration(node) || ts.isClassExpression(node);

/** Visits what runs at import time: the statements and initialisers of the module, not the functions it defines. */
function atImport(node: ts.Node, visit: (node: ts.Node) => void) {
  if (isFunctionLike(node)) return;
  visit(node);
  ts.forEachChild(node, (child) => atImport(child, visit));
}

const readonlyType = (type: ts.TypeNode | undefined) => !!type && /^Readonly/.test(type.getText());

/** The mutable state `source` keeps at module level: each top-level `let`/`var`, and each `new` run at import. */
export function moduleState(file: string, source: string): Finding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Finding[] = [];
  const at = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  for (const statement of sf.statements) {
    if (ts.isVariableStatement(statement)) {
      const mutable = !(statement.declarationList.flags & ts.NodeFlags.Const);
      for (const declaration of statement.declarationList.declarations) {
        const name = declaration.name.getText(sf);
        if (mutable)
          found.push({ file, line: at(declaration), name, what: `top-level ${statement.declarationList.getText(sf).split(/\s/)[0]}` });
        else if (declaration.initializer && !readonlyType(declaration.type))
          atImport(declaration.initializer, (node) => {
            if (ts.isNewExpression(node)) found.push({ file, line: at(node), name, what: `new ${node.expression.getText(sf)}` });
          });
      }
    } else if (!ts.isFunctionDeclaration(statement) && !ts.isClassDeclaration(statement)) {
      atImport(statement, (node) => {
        if (ts.isNewExpression(node)) found.push({ file, line: at(node), name: '(statement)', what: `new ${node.expression.getText(sf)}` });
      });
    }
  }
  return found;
}

/** Where `source` reads `process.env` at import time (outside any function). */
export function envAtImport(file: string, source: string): Finding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Finding[] = [];
  for (const statement of sf.statements)
    atImport(statement, (node) => {
      if (ts.isPropertyAccessExpression(node) && node.getText(sf) === 'process.env')
        found.push({
          file,
          line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
          name: 'process.env',
          what: 'read at import',
        });
    });
  return found;
}

export const readSource = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
