import MagicString from 'magic-string';
import type { Plugin } from 'vite';

const CONTRACTS = /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;
/** What the browser reads of an endpoint: where to send it (api/client.ts). The rest checks on the server. */
const SERVER_ONLY = new Set(['params', 'query', 'body', 'response', 'summary', 'tags']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

const children = (node: Node): Node[] =>
  Object.entries(node).flatMap(([key, value]) =>
    key === 'type' ? [] : Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : [],
  );

const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression']);

/** Whether evaluating the expression calls something now (not inside a function it defines). */
function callsNow(node: Node): boolean {
  if (node.type === 'CallExpression' || node.type === 'NewExpression' || node.type === 'TaggedTemplateExpression') {
    return true;
  }
  return !FUNCTIONS.has(node.type) && children(node).some(callsNow);
}

/**
 * The contracts as the browser needs them. The web app imports the contract's endpoints for their method and
 * path (api/client.ts), never to validate: the schemas inside them are the server's. Kept, they would bring the
 * whole of zod and every schema into the first load (≈ 35 KB brotli, a sixth of the budget). So, in the web
 * build only (the server and the tests read the contracts as written):
 *
 * - each `endpoint({ … })` keeps its method, path, status, multipart flag and permission, and loses its
 *   schemas, summary and tags;
 * - each top-level constant built by calls (a zod schema) is marked pure, and each contract module free of
 *   side effects, so the bundler drops the schemas no browser code reads; the few a screen does use (a plan's
 *   features) stay and bring zod with them, in that screen's chunk.
 *
 * So `someApi.x.response` is `undefined` in the browser: validate with a schema imported by name.
 */
export function contractsForBrowser(): Plugin {
  return {
    name: 'inkwell-contracts-for-browser',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACTS.test(id.split('?')[0]!) || /\.test\.ts$/.test(id)) return null;
      const program = this.parse(code) as unknown as Node;
      const out = new MagicString(code);

      const stripEndpoints = (node: Node) => {
        const callee = node.callee as Node | undefined;
        if (node.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'endpoint') {
          const [definition] = node.arguments as Node[];
          if (definition?.type === 'ObjectExpression') {
            for (const property of definition.properties as Node[]) {
              const key = property.key as Node | undefined;
              const name = key?.type === 'Identifier' ? (key.name as string) : undefined;
              if (property.type !== 'Property' || !name || !SERVER_ONLY.has(name)) continue;
              out.overwrite(property.start, property.end, `${name}: void 0`);
            }
          }
        }
        children(node).forEach(stripEndpoints);
      };
      stripEndpoints(program);

      for (const statement of program.body as Node[]) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node) : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as Node[]) {
          const init = declarator.init as Node | null;
          if (!init || !callsNow(init)) continue;
          // A pure IIFE: dropped whole when nothing reads the constant, run as before when something does.
          out.prependLeft(init.start, '/* @__PURE__ */ (() => (');
          out.appendRight(init.end, '))()');
        }
      }
      // Nothing in the contracts runs for its effect: a chunk gets the contract modules it reads, no others.
      return {
        code: out.toString(),
        map: out.generateMap({ hires: 'boundary', source: id }),
        moduleSideEffects: false,
      };
    },
  };
}
