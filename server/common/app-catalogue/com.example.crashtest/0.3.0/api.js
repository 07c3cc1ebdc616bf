'use strict';

// The app's web API (app.json `api`): routes that echo, hang, fail and log, to try the hub's handling of each.
module.exports = {
  async echo({ params, query, body }) {
    return { word: params.word, query, body };
  },

  hang() {
    return new Promise(() => {});
  },

  async fail({ query }) {
    // A BigInt is no JSON: the answer cannot travel, which the hub reports as the app's failure.
    if (query.with === 'bigint') return { count: 1n };
    throw new Error('Failing on purpose');
  },

  async clearLog({ homey }) {
    homey.app.log('Log cleared');
  },
};
