import { createHash } from 'node:crypto'
import { test } from '@japa/runner'
import { inForeignKeyOrder, type TableInfo } from '#services/schedule/backup/backup_catalog'
import {
  backupFileName,
  BACKUP_FILE_PATTERN,
  canonicalDigest,
  canonicalJson,
  upgradeToCurrent,
} from '#services/schedule/backup/backup_format'

function table(name: string, references: string[] = []): TableInfo {
  return {
    name,
    columns: [],
    primaryKey: ['id'],
    sequenceColumns: [],
    foreignKeys: references.map((target) => ({
      columns: [`${target}_id`],
      references: target,
      referencedColumns: ['id'],
    })),
  }
}

test.group('schedule backup format', () => {
  test('canonical JSON sorts keys at every depth, keeps list order and empty strings', ({
    assert,
  }) => {
    const value = { b: [3, { z: null, a: 'é"' }], a: { d: 1.5, c: true }, e: '' }
    assert.equal(
      canonicalJson(value),
      '{"a":{"c":true,"d":1.5},"b":[3,{"a":"é\\"","z":null}],"e":""}'
    )
    assert.equal(
      canonicalDigest(value),
      createHash('sha256').update(canonicalJson(value)).digest('hex')
    )
  })

  test('tables follow the tables they reference; self-references and cycles do not stall', ({
    assert,
  }) => {
    const ordered = inForeignKeyOrder([
      table('roster', ['projects', 'crews']),
      table('projects', ['clients', 'projects']),
      table('crews'),
      table('clients'),
      table('a_loop', ['b_loop']),
      table('b_loop', ['a_loop']),
    ]).map((entry) => entry.name)
    assert.isBelow(ordered.indexOf('clients'), ordered.indexOf('projects'))
    assert.isBelow(ordered.indexOf('projects'), ordered.indexOf('roster'))
    assert.isBelow(ordered.indexOf('crews'), ordered.indexOf('roster'))
    assert.sameMembers(ordered, ['roster', 'projects', 'crews', 'clients', 'a_loop', 'b_loop'])
  })

  test('the file name carries the time and is the one pruning recognises', ({ assert }) => {
    const name = backupFileName(new Date('2026-11-24T21:06:50.123Z'))
    assert.equal(name, 'schedule-backup-2026-11-24T210650Z.json')
    assert.match(name, BACKUP_FILE_PATTERN)
  })

  test('versions: none or 0 is not a backup, above 2 is refused as newer', ({ assert }) => {
    assert.throws(() => upgradeToCurrent({}), /not a schedule backup/)
    assert.throws(() => upgradeToCurrent({ formatVersion: 0 }), /not a schedule backup/)
    assert.throws(() => upgradeToCurrent({ formatVersion: 7 }), /format version 7, newer/)
  })
})
