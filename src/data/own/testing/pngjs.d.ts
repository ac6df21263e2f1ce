/**
 * The little of pngjs (a dependency of qrcode, used by tests to make and decode PNG files, and by the build to draw the app's icons)
 * that they call.
 */
declare module 'pngjs' {
  interface PngOptions {
    width?: number;
    height?: number;
    /** 0 gray, 2 RGB, 4 gray + alpha, 6 RGBA (written); the input data is RGBA. */
    colorType?: number;
    inputColorType?: number;
  }
  export class PNG {
    constructor(options?: PngOptions);
    width: number;
    height: number;
    /** RGBA, 4 bytes a pixel. */
    data: Uint8Array;
    static sync: {
      read(buffer: Uint8Array): PNG;
      write(png: PNG, options?: PngOptions): Uint8Array;
    };
  }
}
