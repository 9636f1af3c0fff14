// ESLint rule: no literal words passed straight to a function that shows them (a toast's
// announce('Saved'), a confirm title): they would reach the screen untranslated. The
// formatjs rules see JSX and object properties, not call arguments. Options:
// { callees: ['announce', …] }. Words come from intl.formatMessage(…) instead.
const HAS_LETTER = /\p{L}/u;

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow literal user-visible strings passed to UI calls' },
    schema: [
      {
        type: 'object',
        properties: { callees: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      literal:
        'Words passed to {{callee}}() must come from the message catalogue (intl.formatMessage), not a literal.',
    },
  },
  create(context) {
    const callees = new Set(context.options[0]?.callees ?? ['announce']);
    const calleeName = (node) =>
      node.type === 'Identifier'
        ? node.name
        : node.type === 'MemberExpression' && node.property.type === 'Identifier'
          ? node.property.name
          : null;
    const literalWords = (node) =>
      (node.type === 'Literal' && typeof node.value === 'string' && HAS_LETTER.test(node.value)) ||
      (node.type === 'TemplateLiteral' && node.quasis.some((q) => HAS_LETTER.test(q.value.raw))) ||
      (node.type === 'BinaryExpression' &&
        node.operator === '+' &&
        (literalWords(node.left) || literalWords(node.right))) ||
      (node.type === 'ConditionalExpression' &&
        (literalWords(node.consequent) || literalWords(node.alternate))) ||
      (node.type === 'LogicalExpression' && (literalWords(node.left) || literalWords(node.right)));
    return {
      CallExpression(node) {
        const name = calleeName(node.callee);
        if (name === null || !callees.has(name)) return;
        for (const arg of node.arguments) {
          if (literalWords(arg))
            context.report({ node: arg, messageId: 'literal', data: { callee: name } });
        }
      },
    };
  },
};
