// Import cycles are refused in the browser code and the server (decision 019): the checkout and the
// account screens share the form kit in src/ui/form instead of importing each other. ESLint's
// import plugin cannot be installed here (decision 004), so dependency-cruiser checks this, as part
// of `npm run lint`.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules may not import each other in a circle; move what both need into a module of its own.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
