import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { webDist } from '../paths';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** What a first visit to /home downloads: the entry with its static imports plus the Home page chunk. */
export async function webSize(): Promise<void> {
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error('Build first: npm run build');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
  };
  visit('index.html');
  visit('src/features/home/HomePage.tsx');
  let js = 0;
  let css = 0;
  for (const file of files) {
    const size = gzipSync(fs.readFileSync(path.join(webDist, file))).length;
    if (file.endsWith('.css')) css += size;
    else js += size;
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`/home first load: JavaScript ${kb(js)} gzip, CSS ${kb(css)} gzip, ${files.size} files`);
}
