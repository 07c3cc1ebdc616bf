/** Time-outs and socket settings of seed 001 §9, in milliseconds. */
export const HUB_CALL_TIMEOUT = 10_000;
export const HANDSHAKE_TIMEOUT = 10_000;
export const SUBSCRIBE_TIMEOUT = 10_000;
export const PING_TIMEOUT_LOCAL = 1_000;
export const PING_TIMEOUT_LOCAL_SECURE = 1_200;

export const SOCKET_PATH = '/socket.io';
export const SOCKET_CONNECT_TIMEOUT = 20_000;
export const RECONNECT_DELAY = 1_000;
export const RECONNECT_DELAY_MAX = 5_000;
