/**
 * For tests only: a stand-in for hls.js, whose real self needs MediaSource (jsdom has none). It keeps what the
 * player's glue calls and lets a test raise hls.js's events.
 */
type Listener = (event: string, data: never) => void;

export class FakeHls {
  static supported = true;
  static instances: FakeHls[] = [];
  static isSupported() {
    return FakeHls.supported;
  }
  static Events = {
    LEVEL_SWITCHING: 'hlsLevelSwitching',
    LEVEL_SWITCHED: 'hlsLevelSwitched',
    MANIFEST_PARSED: 'hlsManifestParsed',
    FRAG_LOADED: 'hlsFragLoaded',
    ERROR: 'hlsError',
  };

  config: Record<string, unknown>;
  levels: { height: number }[] = [];
  autoLevelCapping = -1;
  loaded: string[] = [];
  media: HTMLMediaElement | null = null;
  startLoads: number[] = [];
  recoveries = 0;
  destroyed = false;
  /** hls.js's manual level: -1 while it chooses itself. */
  manualLevel = -1;
  /** Each level set, and through which of hls.js's setters (they differ in what they flush). */
  levelSets: { via: 'currentLevel' | 'nextLevel' | 'loadLevel'; level: number }[] = [];
  private listeners = new Map<string, Listener[]>();

  constructor(config: Record<string, unknown> = {}) {
    this.config = { ...config };
    FakeHls.instances.push(this);
  }
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  emit(event: string, data: unknown = {}) {
    this.listeners.get(event)?.forEach((l) => l(event, data as never));
  }
  loadSource(url: string) {
    this.loaded.push(url);
  }
  attachMedia(media: HTMLMediaElement) {
    this.media = media;
  }
  startLoad(position = -1) {
    this.startLoads.push(position);
  }
  get currentLevel() {
    return this.manualLevel;
  }
  set currentLevel(level: number) {
    this.setLevel('currentLevel', level);
  }
  get nextLevel() {
    return this.manualLevel;
  }
  set nextLevel(level: number) {
    this.setLevel('nextLevel', level);
  }
  get loadLevel() {
    return this.manualLevel;
  }
  set loadLevel(level: number) {
    this.setLevel('loadLevel', level);
  }
  private setLevel(via: FakeHls['levelSets'][number]['via'], level: number) {
    this.manualLevel = level;
    this.levelSets.push({ via, level });
  }
  recoverMediaError() {
    this.recoveries += 1;
  }
  destroy() {
    this.destroyed = true;
  }

  /** The playlist arrived with these renditions (lowest first, as hls.js sorts them). */
  manifest(heights = [144, 360, 720]) {
    this.levels = heights.map((height) => ({ height }));
    this.emit(FakeHls.Events.MANIFEST_PARSED, { levels: this.levels });
  }
}

export const loadFakeHls = async () => ({ default: FakeHls as unknown as typeof import('hls.js').default });
