// socket.io-client@2 ships no types; tests use it only through the narrow interface in realtime-client.ts.
declare module 'socket.io-client-v2' {
  const io: (url: string, options?: object) => unknown;
  export default io;
}
