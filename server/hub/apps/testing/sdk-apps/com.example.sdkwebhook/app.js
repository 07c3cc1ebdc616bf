'use strict';

const Homey = require('homey');

/**
 * Registers for a doorbell service's webhook (its id and secret in env, as Athom's guide keeps them in env.json),
 * for the account in env; each call starts the flows of the "doorbell rang" trigger with the button pressed.
 */
module.exports = class DoorbellApp extends Homey.App {
  async onInit() {
    const rang = this.homey.flow.getTriggerCard('doorbell_rang');
    try {
      this.webhook = await this.homey.cloud.createWebhook(Homey.env.WEBHOOK_ID, Homey.env.WEBHOOK_SECRET, { account: { id: Homey.env.ACCOUNT_ID } });
    } catch (error) {
      this.error(`No webhook: ${error.message}`);
      return;
    }
    this.webhook.on('message', async ({ headers, query, body }) => {
      this.log(`Rang: ${JSON.stringify({ button: body.button, signature: headers['x-doorbell-signature'], source: query.source })}`);
      await rang.trigger({ button: String(body.button) });
    });
    this.log(`Webhook ${this.webhook.id} registered for account ${this.webhook.data.account.id}`);
  }
};
