// A promise nobody awaits is a write that may land after its transaction ended, or an error nobody
// sees. Since the data layer is async (#19) every database call returns one, so this check, in
// `npm test`, fails on any statement that makes a promise and drops it: await it, return it, or
// say `void` where dropping it is the point (a background task that handles its own errors).
import ts from "typescript";

const configPath = ts.findConfigFile(process.cwd(), ts.sys.fileExists, "tsconfig.json");
if (!configPath) throw new Error("tsconfig.json not found");
const config = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, process.cwd());
const program = ts.createProgram(config.fileNames, { ...config.options, noEmit: true });
const checker = program.getTypeChecker();

function isPromise(type: ts.Type): boolean {
  if (type.isUnion()) return type.types.some(isPromise);
  const symbol = type.getSymbol() ?? type.aliasSymbol;
  if (symbol?.getName() === "Promise") return true;
  // Anything with a callable then() is awaited like a promise.
  const then = type.getProperty("then");
  return then !== undefined && checker.getTypeOfSymbol(then).getCallSignatures().length > 0;
}

const problems: string[] = [];
for (const file of program.getSourceFiles()) {
  if (file.isDeclarationFile || file.fileName.includes("/node_modules/") || file.fileName.includes("/generated/")) continue;
  const visit = (node: ts.Node): void => {
    if (ts.isExpressionStatement(node)) {
      const expression = node.expression;
      const dropped = ts.isCallExpression(expression) || ts.isNewExpression(expression) || ts.isPropertyAccessExpression(expression);
      // `.catch(handler)` and `.then(onDone, onError)` are dropped on purpose, with their errors handled.
      const handled =
        ts.isCallExpression(expression) &&
        ts.isPropertyAccessExpression(expression.expression) &&
        (expression.expression.name.text === "catch" || (expression.expression.name.text === "then" && expression.arguments.length === 2));
      if (dropped && !handled && isPromise(checker.getTypeAtLocation(expression))) {
        const { line, character } = file.getLineAndCharacterOfPosition(expression.getStart(file));
        problems.push(`${file.fileName.replace(process.cwd() + "/", "")}:${line + 1}:${character + 1}  ${expression.getText(file).slice(0, 80).replace(/\s+/g, " ")}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

if (problems.length > 0) {
  console.error(`${problems.length} promise(s) made and dropped (await, return, or void them):`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log("no floating promises");
