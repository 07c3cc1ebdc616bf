/** The business constants and limits of seed 001 §9, in milliseconds unless named otherwise. */
export const CLOUD_CALL_TIMEOUT = 10_000;
export const HUB_CALL_TIMEOUT = 10_000;
/** Hubs of the local platform v1 (API version 2) are slower to answer. */
export const HUB_CALL_TIMEOUT_LOCAL_V1 = 30_000;
export const HANDSHAKE_TIMEOUT = 10_000;
export const SUBSCRIBE_TIMEOUT = 10_000;
export const DEVKIT_RUN_TIMEOUT = 300_000;

/** Ping time-outs per discovery strategy. */
export const PING_TIMEOUT_LOCAL_SECURE = 1_200;
export const PING_TIMEOUT_LOCAL = 1_000;
/** The mdns strategy's browse for the hub, and then its ping, may each take this long. */
export const PING_TIMEOUT_MDNS = 3_000;
export const PING_TIMEOUT_CLOUD = 5_000;
export const PING_TIMEOUT_REMOTE_FORWARDED = 2_000;

/** The DNS-SD service type hubs advertise on the LAN (`_homey._tcp.local`), which the mdns strategy browses. */
export const MDNS_SERVICE_TYPE = 'homey';

export const SOCKET_TRANSPORTS = ['websocket'] as const;
export const SOCKET_PING_TIMEOUT = 8_000;
export const SOCKET_PING_INTERVAL = 5_000;
export const SOCKET_RECONNECTION = true;
/** Reconnect attempts before `reconnect_failed`, unless a client asks for fewer. */
export const SOCKET_RECONNECTION_ATTEMPTS = Infinity;
export const SOCKET_PATH = '/socket.io';
export const SOCKET_CONNECT_TIMEOUT = 20_000;
export const RECONNECT_DELAY = 1_000;
export const RECONNECT_DELAY_MAX = 5_000;

/** A device's periodic refresh is debounced, and runs only for data older than the threshold. */
export const DEVICE_REFRESH_DEBOUNCE = 1_000;
export const DEVICE_REFRESH_THRESHOLD = 2_500;
/** A hub token refresh for the same token is remembered this long. */
export const TOKEN_REFRESH_MEMO = 30_000;

export const ICON_DEFAULT_SIZE = 32;
export const AVATAR_TYPES = ['jpg', 'png', 'gif'] as const;
export const FETCH_DEFAULT_TIMEOUT = 5_000;
export const BACKOFF = { min: 100, max: 10_000, factor: 2 } as const;
export const COMPRESSION_THRESHOLD_BYTES = 1_024;

/** Browser localStorage key of the stored client state. */
export const STORAGE_KEY = 'homey-api';
/** Hub API versions this client speaks: 2 is the local platform v1 (hubs of 2016–2019, HUB_CALL_TIMEOUT_LOCAL_V1). */
export const SUPPORTED_API_VERSIONS = [2, 3] as const;
export const API_VERSION_LOCAL_V1 = 2;
