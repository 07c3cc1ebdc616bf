// Module hooks of an app's worker (worker/runner.js registers them): an ES module app's `import Homey from 'homey'`
// is the hub's SDK module, as `require('homey')` is for a CommonJS app.
let sdkUrl;

export function initialize({ sdk }) {
  sdkUrl = sdk;
}

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'homey') return { url: sdkUrl, format: 'commonjs', shortCircuit: true };
  return nextResolve(specifier, context);
}
