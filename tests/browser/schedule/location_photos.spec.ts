import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { test } from '@japa/runner'
import type { Route } from 'playwright'
import type { LocalStack } from '#services/shared/local_stack'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { callFromPage, signInToSchedule, toastMessage } from '#tests/helpers/schedule_browser'
import { pressSpace } from '#tests/helpers/keyboard_drag'

type Photo = { id: number; originalName: string }

function photo(background: string) {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
    .jpeg()
    .toBuffer()
}

/**
 * A location added by address lookup (against the Google Places fake the
 * shared stack points schedule at), then its gallery: three photos uploaded
 * with a progress bar each, the viewer, a reorder by keyboard drag, a delete.
 */
test.group('schedule location photos in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']

  group.setup(async () => {
    ;({ stack, seed } = await sharedBrowserStack())
  })

  test('add a location by address lookup, upload three photos, view, reorder and delete one', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const name = `Backlot ${randomBytes(3).toString('hex')}`
    await page.goto(`${stack.url('schedule')}/directory?tab=locations`)

    await page.getByRole('button', { name: 'New location' }).click()
    const form = page.getByRole('form', { name: 'New location' })
    await form.getByLabel('Name').fill(name)
    await form.getByRole('combobox', { name: 'Address' }).pressSequentially('pinewood')
    await page.getByRole('option', { name: /Pinewood Studios/ }).click()
    await form.getByLabel('Latitude').and(page.locator('[value="51.5496"]')).waitFor()
    assert.equal(
      await form.getByRole('combobox', { name: 'Address' }).inputValue(),
      'Pinewood Rd, Iver Heath, Iver SL0 0NH, UK'
    )
    await form.getByRole('button', { name: 'Add location' }).click()
    await page.getByText(`${name} was added.`, { exact: true }).waitFor()
    const [location] = await callFromPage<{ id: number; lat: number; lng: number }[]>(
      page,
      'GET',
      `/api/locations?search=${encodeURIComponent(name)}`
    )
    assert.deepEqual([location.lat, location.lng], [51.5496, -0.5366])
    await page.getByRole('link', { name: `${name} on the map` }).waitFor()
    // Its map picture, drawn by the fake through schedule (the key stays on the server).
    const map = page.getByRole('img', { name: `Map of the area around ${name}, with a pin on it` })
    await map.waitFor()
    assert.match((await map.getAttribute('src'))!, /^\/api\/locations\/\d+\/static-map\?/)
    await page.waitForFunction(
      (image) => (image as unknown as { naturalWidth: number }).naturalWidth === 1200,
      await map.elementHandle()
    )

    // Hold the uploads until each has its bar, as on a slow connection.
    const held: Route[] = []
    await page.route('**/api/locations/*/photos', (route) =>
      route.request().method() === 'POST' ? void held.push(route) : route.continue()
    )
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'north.jpg', mimeType: 'image/jpeg', buffer: await photo('#1d4ed8') },
      { name: 'south.jpg', mimeType: 'image/jpeg', buffer: await photo('#15803d') },
      { name: 'gate.jpg', mimeType: 'image/jpeg', buffer: await photo('#b91c1c') },
    ])
    for (const file of ['north.jpg', 'south.jpg', 'gate.jpg']) {
      await page.getByRole('progressbar', { name: `Adding ${file}` }).waitFor()
    }
    // Let them arrive in the reverse of the order they were picked.
    const gallery = page.getByRole('region', { name: 'Photos' })
    const byName = new Map(
      held.map((route) => [
        /filename="([^"]+)"/.exec(route.request().postDataBuffer()!.toString('latin1'))?.[1],
        route,
      ])
    )
    for (const file of ['gate.jpg', 'south.jpg', 'north.jpg']) {
      await byName.get(file)!.continue()
      await gallery.getByRole('button', { name: file, exact: true }).waitFor()
    }
    await page.unroute('**/api/locations/*/photos')
    await page.getByRole('progressbar').waitFor({ state: 'detached' })

    // Once all are in, they take the places they were picked in: on screen and on the server.
    const picked = ['north.jpg', 'south.jpg', 'gate.jpg']
    await page.waitForFunction(
      (names) =>
        Array.from(
          (globalThis as any).document.querySelectorAll('.ui-photo-grid img'),
          (image: any) => image.alt
        ).join() === names.join(),
      picked
    )
    const before = await callFromPage<Photo[]>(page, 'GET', `/api/locations/${location.id}/photos`)
    assert.deepEqual(
      before.map((row) => row.originalName),
      picked
    )
    const [first, second] = before

    // The viewer: the arrow keys move through the gallery.
    await gallery.getByRole('button', { name: first.originalName, exact: true }).click()
    const viewer = page.getByRole('dialog', { name: 'Photo 1 of 3' })
    await viewer.getByRole('img', { name: first.originalName }).waitFor()
    const shown = await viewer.elementHandle()
    await page.keyboard.press('ArrowRight')
    await page
      .getByRole('dialog', { name: 'Photo 2 of 3' })
      .getByRole('img', { name: second.originalName })
      .waitFor()
    // The same dialog shows the next photo (a new one would replay its
    // entrance, and Escape would be lost until it had registered).
    assert.isTrue(
      await shown!.evaluate((node) => (node as unknown as { isConnected: boolean }).isConnected)
    )
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    // Reorder with the keyboard: the first photo's handle, Space, →, Space.
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/photos/order') && response.status() === 200
    )
    // Each key waits for dnd-kit's live region to say where the photo is (see project.spec.ts).
    const over = (id: number) =>
      page
        .locator('[id^="DndLiveRegion"]')
        .filter({ hasText: `Draggable item ${first.id} was moved over droppable area ${id}.` })
        .waitFor({ state: 'attached' })
    await gallery.getByRole('button', { name: `Move ${first.originalName}` }).focus()
    await pressSpace(page)
    await over(first.id)
    // The sensor listens for arrows from a setTimeout after the pick-up.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)))
    await page.keyboard.press('ArrowRight')
    await over(second.id)
    await pressSpace(page)
    await saved
    const after = await callFromPage<Photo[]>(page, 'GET', `/api/locations/${location.id}/photos`)
    assert.deepEqual(
      after.slice(0, 2).map((row) => row.id),
      [second.id, first.id]
    )

    // Delete one from the viewer.
    await gallery.getByRole('button', { name: first.originalName, exact: true }).click()
    await page.getByRole('button', { name: 'Delete photo' }).click()
    await page
      .getByRole('alertdialog', { name: 'Delete this photo?' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await toastMessage(page, 'Photo deleted').waitFor()
    await gallery
      .getByRole('button', { name: first.originalName, exact: true })
      .waitFor({ state: 'detached' })
    const left = await callFromPage<Photo[]>(page, 'GET', `/api/locations/${location.id}/photos`)
    assert.lengthOf(left, 2)
    assert.notInclude(
      left.map((row) => row.id),
      first.id
    )
  })

  test('location types: a badge on each location, a filter by type, and the type edited', async ({
    browserContext,
    assert,
  }) => {
    const page = await signInToSchedule(browserContext, stack, seed)
    const suffix = randomBytes(3).toString('hex')
    const [quarry, studio] = [`Quarry ${suffix}`, `Studio ${suffix}`]
    const quarryType = await callFromPage<{ id: number }>(page, 'POST', '/api/location-types', {
      name: quarry,
    })
    await callFromPage(page, 'POST', '/api/location-types', { name: studio })
    const name = `Pit ${suffix}`
    const location = await callFromPage<{ id: number }>(page, 'POST', '/api/locations', {
      name,
      locationTypeId: quarryType.id,
    })
    await page.goto(`${stack.url('schedule')}/directory?tab=locations`)
    const list = page.getByRole('region', { name: 'Locations list' })
    const row = list.getByRole('listitem').filter({ hasText: name })
    await row.locator('.ui-badge', { hasText: quarry }).waitFor()

    // The filter by type: another type hides it, its own shows it.
    const choose = async (option: string) => {
      await list.getByLabel('Type').click()
      await page.getByRole('option', { name: option, exact: true }).click()
    }
    await choose(studio)
    await row.waitFor({ state: 'detached' })
    await choose(quarry)
    await row.waitFor()

    // Edited in the location's form, the badge follows.
    await row.getByRole('button', { name: `${name} ${quarry}` }).click()
    const detail = page.getByRole('article', { name })
    await detail.locator('.ui-badge', { hasText: quarry }).waitFor()
    const form = page.getByRole('form', { name: `Details of ${name}` })
    await form.getByLabel('Type').click()
    await page.getByRole('option', { name: studio, exact: true }).click()
    await form.getByRole('button', { name: 'Save' }).click()
    await detail.locator('.ui-badge', { hasText: studio }).waitFor()
    const [stored] = await callFromPage<{ id: number; locationTypeId: number }[]>(
      page,
      'GET',
      `/api/locations?search=${encodeURIComponent(name)}`
    )
    assert.equal(stored.id, location.id)
    assert.notEqual(stored.locationTypeId, quarryType.id)
  })
})
