import { test } from '@japa/runner'
import {
  groupConflicts,
  type DayConflict,
} from '../../../inertia/components/schedule/calendar/conflict_groups.js'

type Conflict = DayConflict & { resolution: { id: number } | null }

const FOREST = { id: 1, name: 'Forest ad', color: '#16a34a', assignmentId: 11, statusId: null }
const MUSEUM = { id: 2, name: 'Museum tour', color: '#2563eb', assignmentId: 12, statusId: null }
const PIER = { id: 3, name: 'Pier commercial', color: '#dc2626', assignmentId: 13, statusId: null }

function clash(
  date: string,
  fields: Partial<Conflict> & { projects?: Conflict['projects'] } = {}
): Conflict {
  const projects = fields.projects ?? [FOREST, MUSEUM]
  return {
    kind: 'crew',
    resourceId: 7,
    resourceName: 'Sky Boom',
    date,
    projects,
    projectIds: projects.map((project) => project.id),
    resolution: null,
    ...fields,
  }
}

const RESOLVED = {
  id: 99,
  note: null,
  resolvedByName: 'Demo Admin',
  createdAt: '2031-10-01T10:00:00Z',
}

/*
 * The conflicts page lists a clash once: the API's one conflict per day
 * becomes one group per person, set of projects and run of days.
 */
test.group('conflict groups', () => {
  test('consecutive days of the same clash are one group with its first and last day', ({
    assert,
  }) => {
    const groups = groupConflicts([clash('2031-10-06'), clash('2031-10-07'), clash('2031-10-08')])
    assert.lengthOf(groups, 1)
    assert.containsSubset(groups[0], {
      resourceName: 'Sky Boom',
      from: '2031-10-06',
      to: '2031-10-08',
      resolved: false,
    })
    assert.deepEqual(
      groups[0].days.map((day) => day.date),
      ['2031-10-06', '2031-10-07', '2031-10-08']
    )
  })

  test('a gap, other projects, another person or another resolution starts a new group', ({
    assert,
  }) => {
    const groups = groupConflicts([
      clash('2031-10-06'),
      clash('2031-10-07', { resolution: RESOLVED }),
      clash('2031-10-08', { resolution: RESOLVED }),
      clash('2031-10-10', { resolution: RESOLVED }),
      clash('2031-10-06', { projects: [FOREST, PIER] }),
      clash('2031-10-06', { resourceId: 8, resourceName: 'Ana Dolly' }),
      clash('2031-10-07', { resourceId: 8, resourceName: 'Ana Dolly' }),
    ])
    assert.deepEqual(
      groups.map((group) => [
        group.resourceName,
        group.from,
        group.to,
        group.projects.map((project) => project.id),
        group.resolved,
      ]),
      [
        ['Ana Dolly', '2031-10-06', '2031-10-07', [1, 2], false],
        ['Sky Boom', '2031-10-06', '2031-10-06', [1, 2], false],
        ['Sky Boom', '2031-10-06', '2031-10-06', [1, 3], false],
        ['Sky Boom', '2031-10-07', '2031-10-08', [1, 2], true],
        ['Sky Boom', '2031-10-10', '2031-10-10', [1, 2], true],
      ]
    )
  })
})
