'use strict';
// The SDK's channel to the hub: the worker's runner connects it before the app loads (worker/runner.js).
// Messages one way (post), requests the hub answers (request), and handlers for what the hub sends or asks.

const pending = new Map();
const handlers = new Map();
let requestCount = 0;
let send = () => {
  throw new Error('The homey module runs inside an app started by the hub');
};

/**
 * Called once by the runner with its postMessage. What cannot cross to the hub (a function, a class instance with
 * methods) throws a DOMException, which reaches the hub as an empty object when it ends the app: it is rethrown as
 * an Error that says what the app sent, so the app's log shows why.
 */
function connect(post) {
  send = (message) => {
    try {
      post(message);
    } catch (error) {
      throw new Error(`The hub cannot take this ${message.type} message (${error.name}: ${error.message})`);
    }
  };
}

function post(message) {
  send(message);
}

/** Asks the hub `method` with `args`; resolves with its answer, rejects with its refusal. */
function request(method, args = {}) {
  const requestId = ++requestCount;
  return new Promise((resolve, reject) => {
    pending.set(requestId, { resolve, reject });
    send({ type: 'request', requestId, method, args });
  });
}

/** The hub's answer to a request. */
function settle({ requestId, value, error }) {
  const call = pending.get(requestId);
  pending.delete(requestId);
  if (!call) return;
  if (error !== undefined) call.reject(new Error(error));
  else call.resolve(value);
}

/** `handler(message)` answers the hub's messages of `type` (its result is the answer when the hub asked). */
function handle(type, handler) {
  handlers.set(type, handler);
}

const handlerOf = (type) => handlers.get(type);

module.exports = { connect, post, request, settle, handle, handlerOf };
