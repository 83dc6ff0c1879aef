import { test } from '@japa/runner'
import {
  planDemoProjects,
  weekStart,
  type PlannedProject,
} from '#services/schedule/demo/demo_company'
import { addDays } from '#services/schedule/projects/project_days'

/** Every (person, day) booked by a status that books, with the projects booking it. */
function bookedDays(plan: PlannedProject[]) {
  const days = new Map<string, string[]>()
  for (const project of plan) {
    for (const booking of project.bookings) {
      if (booking.status === 'Asked' || booking.status === 'Declined') {
        continue
      }
      const off = new Set(booking.days.filter((day) => !day.isScheduled).map((day) => day.date))
      for (let offset = 0; offset < project.days; offset++) {
        const date = addDays(project.startDate, offset)
        if (!off.has(date)) {
          const key = `${booking.name} ${date}`
          days.set(key, [...(days.get(key) ?? []), project.name])
        }
      }
    }
  }
  return days
}

/** The plan with every date moved by `days`. */
function shifted(plan: PlannedProject[], days: number) {
  return plan.map((project) => ({
    ...project,
    startDate: addDays(project.startDate, days),
    endDate: addDays(project.endDate, days),
    bookings: project.bookings.map((booking) => ({
      ...booking,
      days: booking.days.map((day) => ({ ...day, date: addDays(day.date, days) })),
    })),
  }))
}

test.group('demo company plan', () => {
  test('weeks start on Monday', ({ assert }) => {
    assert.equal(weekStart('2026-11-23'), '2026-11-23')
    assert.equal(weekStart('2026-11-24'), '2026-11-23')
    assert.equal(weekStart('2026-11-29'), '2026-11-23')
    assert.equal(weekStart('2026-11-30'), '2026-11-30')
  })

  test('the same week gives the same plan; a later week the same plan moved by whole weeks', ({
    assert,
  }) => {
    const first = planDemoProjects('2026-11-23')
    assert.deepEqual(planDemoProjects('2026-11-23'), first)

    const later = planDemoProjects('2026-12-07')
    assert.equal(later[0].startDate, addDays(first[0].startDate, 14))
    assert.deepEqual(shifted(later, -14), first)
  })

  test('people are booked where they are free, but for the three deliberate double bookings', ({
    assert,
  }) => {
    const anchor = '2026-11-23'
    const plan = planDemoProjects(anchor)
    assert.lengthOf(plan, 25)
    const doubles = [...bookedDays(plan)].filter(([, projects]) => projects.length > 1)
    assert.sameDeepMembers(doubles, [
      [
        `Zoë Ångström ${addDays(anchor, 9)}`,
        ['Aurora Sparkling – Winter Spot', 'Halcyon Records – Live Session'],
      ],
      [
        `Roadrunner Unit Vans ${addDays(anchor, 10)}`,
        ['Halcyon Records – Live Session', 'Kinetic Motors – Dealer Walkarounds'],
      ],
      [
        `Nguyễn Văn An ${addDays(anchor, 18)}`,
        ['Night Shift (TV pilot)', 'Pixelfox Games – Launch Livestream'],
      ],
    ])
  })

  test('days already taken in the database are left alone', ({ assert }) => {
    const anchor = '2026-11-23'
    const free = planDemoProjects(anchor)
    const [gaffer] = free[0].bookings.filter((booking) => booking.role === 'Gaffer')
    const busy = new Map([[`crew:${gaffer.name}`, new Set([free[0].startDate])]])
    const plan = planDemoProjects(anchor, busy)
    assert.notInclude(
      plan[0].bookings.map((booking) => booking.name),
      gaffer.name
    )
    assert.isTrue(plan[0].bookings.some((booking) => booking.role === 'Gaffer'))
  })
})
