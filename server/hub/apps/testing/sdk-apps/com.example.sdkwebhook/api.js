'use strict';

module.exports = {
  async unregister({ homey }) {
    await homey.app.webhook.unregister();
  },
};
