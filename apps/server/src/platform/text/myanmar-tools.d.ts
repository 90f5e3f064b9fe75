/** Google's myanmar-tools (Apache-2.0) ships JavaScript only. */
declare module 'myanmar-tools' {
  interface Detector {
    /** 0 (surely Unicode) to 1 (surely Zawgyi); -Infinity when the text has no Myanmar letters. */
    getZawgyiProbability(input: string): number;
  }
  interface Converter {
    zawgyiToUnicode(input: string): string;
    unicodeToZawgyi(input: string): string;
  }
  const tools: { ZawgyiDetector: new () => Detector; ZawgyiConverter: new () => Converter };
  export default tools;
}
