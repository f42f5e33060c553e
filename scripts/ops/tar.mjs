// The few parts of the POSIX ustar format a backup needs: regular files only, written and read
// through file handles so that a database dump of any size never has to fit in memory.
// https://pubs.opengroup.org/onlinepubs/9699919799/utilities/pax.html#tag_20_92_13_06
import fs from "node:fs/promises";

const BLOCK = 512;
const CHUNK = 1024 * 1024;

function writeString(header, offset, length, value) {
  const bytes = Buffer.from(value, "utf8");
  if (bytes.length > length) throw new Error(`tar: "${value}" does not fit in ${length} bytes`);
  bytes.copy(header, offset);
}

function writeOctal(header, offset, length, value) {
  writeString(header, offset, length, `${value.toString(8).padStart(length - 1, "0")}\0`);
}

/** Splits a path into ustar's name (≤ 100 bytes) and prefix (≤ 155 bytes) fields. */
function splitName(name) {
  if (Buffer.byteLength(name) <= 100) return { name, prefix: "" };
  for (let cut = name.indexOf("/"); cut > 0; cut = name.indexOf("/", cut + 1)) {
    const prefix = name.slice(0, cut);
    const rest = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { name: rest, prefix };
  }
  throw new Error(`tar: the path "${name}" is too long`);
}

function header(name, size, mtime) {
  const block = Buffer.alloc(BLOCK);
  const parts = splitName(name);
  writeString(block, 0, 100, parts.name);
  writeOctal(block, 100, 8, 0o600);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, size);
  writeOctal(block, 136, 12, Math.floor(mtime.getTime() / 1000));
  block.fill(" ", 148, 156);
  block[156] = "0".charCodeAt(0);
  writeString(block, 257, 6, "ustar\0");
  writeString(block, 263, 2, "00");
  writeString(block, 345, 155, parts.prefix);
  let sum = 0;
  for (const byte of block) sum += byte;
  writeString(block, 148, 8, `${sum.toString(8).padStart(6, "0")}\0 `);
  return block;
}

/**
 * Writes a tar file. Each entry is `{ name, bytes }` or `{ name, path }` (a file copied in chunks).
 */
export async function writeTar(outPath, entries) {
  const out = await fs.open(outPath, "wx", 0o600);
  try {
    let position = 0;
    const write = async (buffer) => {
      await out.write(buffer, 0, buffer.length, position);
      position += buffer.length;
    };
    for (const entry of entries) {
      if (entry.bytes) {
        await write(header(entry.name, entry.bytes.length, new Date()));
        await write(Buffer.from(entry.bytes));
      } else {
        const source = await fs.open(entry.path, "r");
        try {
          const { size, mtime } = await source.stat();
          await write(header(entry.name, size, mtime));
          const chunk = Buffer.alloc(CHUNK);
          for (let done = 0; done < size; ) {
            const { bytesRead } = await source.read(chunk, 0, Math.min(CHUNK, size - done), done);
            if (bytesRead === 0) throw new Error(`tar: ${entry.path} shrank while it was being copied`);
            await write(chunk.subarray(0, bytesRead));
            done += bytesRead;
          }
        } finally {
          await source.close();
        }
      }
      const padding = (BLOCK - (position % BLOCK)) % BLOCK;
      if (padding) await write(Buffer.alloc(padding));
    }
    // Two empty blocks end the archive.
    await write(Buffer.alloc(BLOCK * 2));
    await out.sync();
  } finally {
    await out.close();
  }
}

function readString(block, offset, length) {
  const end = block.indexOf(0, offset);
  return block.toString("utf8", offset, end < 0 || end > offset + length ? offset + length : end);
}

/** The entries of a tar file: `{ name, size, offset }`, offset being where the entry's bytes start. */
export async function listTar(tarPath) {
  const file = await fs.open(tarPath, "r");
  try {
    const { size: total } = await file.stat();
    const entries = [];
    const block = Buffer.alloc(BLOCK);
    for (let position = 0; position + BLOCK <= total; ) {
      await file.read(block, 0, BLOCK, position);
      if (block.every((byte) => byte === 0)) break;
      let sum = 0;
      for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 32 : block[i];
      if (sum !== parseInt(readString(block, 148, 8).trim(), 8)) throw new Error("tar: damaged header (checksum mismatch)");
      const name = [readString(block, 345, 155), readString(block, 0, 100)].filter(Boolean).join("/");
      const size = parseInt(readString(block, 124, 12).trim() || "0", 8);
      const type = String.fromCharCode(block[156] || 48);
      if (type === "0") entries.push({ name, size, offset: position + BLOCK });
      position += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
      if (position > total) throw new Error("tar: the file ends in the middle of an entry (truncated?)");
    }
    return entries;
  } finally {
    await file.close();
  }
}

/** One entry's bytes, for the small ones (the manifest, the PGlite tarball). */
export async function readEntry(tarPath, entry) {
  const file = await fs.open(tarPath, "r");
  try {
    const bytes = Buffer.alloc(entry.size);
    await file.read(bytes, 0, entry.size, entry.offset);
    return bytes;
  } finally {
    await file.close();
  }
}

/** Copies one entry into a new file, in chunks. */
export async function extractEntry(tarPath, entry, destination, mode = 0o600) {
  const file = await fs.open(tarPath, "r");
  const out = await fs.open(destination, "wx", mode);
  try {
    const chunk = Buffer.alloc(CHUNK);
    for (let done = 0; done < entry.size; ) {
      const { bytesRead } = await file.read(chunk, 0, Math.min(CHUNK, entry.size - done), entry.offset + done);
      if (bytesRead === 0) throw new Error("tar: the file ends in the middle of an entry (truncated?)");
      await out.write(chunk, 0, bytesRead);
      done += bytesRead;
    }
  } finally {
    await out.close();
    await file.close();
  }
}
