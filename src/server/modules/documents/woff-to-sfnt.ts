import { inflateSync } from 'node:zlib'

// @fontsource ships the shop's fonts as WOFF: an OpenType font whose tables are each zlib-packed.
// The PDF library reads WOFF, but unpacks the tables again on every read while subsetting, which
// costs about 100 ms per document; unpacked once at start-up into the plain font (sfnt) it is
// a few milliseconds. The layout is the WOFF 1.0 specification's (https://www.w3.org/TR/WOFF/).

export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF font')
  const flavor = woff.readUInt32BE(4)
  const numTables = woff.readUInt16BE(12)
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20
    const offset = woff.readUInt32BE(entry + 4)
    const compLength = woff.readUInt32BE(entry + 8)
    const origLength = woff.readUInt32BE(entry + 12)
    const packed = woff.subarray(offset, offset + compLength)
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(packed) : packed,
    }
  })
  const headerLength = 12 + 16 * numTables
  const padded = (length: number) => (length + 3) & ~3
  const total = tables.reduce((sum, table) => sum + padded(table.data.length), headerLength)
  const sfnt = Buffer.alloc(total)
  const searchRange = 2 ** Math.floor(Math.log2(numTables)) * 16
  sfnt.writeUInt32BE(flavor, 0)
  sfnt.writeUInt16BE(numTables, 4)
  sfnt.writeUInt16BE(searchRange, 6)
  sfnt.writeUInt16BE(Math.floor(Math.log2(numTables)), 8)
  sfnt.writeUInt16BE(numTables * 16 - searchRange, 10)
  let offset = headerLength
  tables.forEach((table, index) => {
    const entry = 12 + index * 16
    sfnt.writeUInt32BE(table.tag, entry)
    sfnt.writeUInt32BE(table.checksum, entry + 4)
    sfnt.writeUInt32BE(offset, entry + 8)
    sfnt.writeUInt32BE(table.data.length, entry + 12)
    table.data.copy(sfnt, offset)
    offset += padded(table.data.length)
  })
  return sfnt
}
