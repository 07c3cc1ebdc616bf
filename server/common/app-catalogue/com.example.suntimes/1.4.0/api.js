'use strict';

// The app's web API (app.json `api`): GET /api/app/com.example.suntimes/times (public) and PUT .../times.
module.exports = {
  async getTimes({ homey }) {
    return homey.app.times();
  },

  async setTimes({ homey, body }) {
    return homey.app.setTimes(body);
  },
};
