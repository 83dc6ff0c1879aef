import { test } from '@japa/runner'
import type { Page } from 'playwright'
import type { LocalStack } from '#services/shared/local_stack'
import { saveScreenshot } from '#tests/helpers/accessibility'
import { sharedBrowserStack, type SeededStack } from '#tests/helpers/browser_stack'
import { ThemeMediaFiles } from '#tests/helpers/theme_media_files'
import { signInToTransferAdmin } from '#tests/helpers/transfer_browser'

/* What the page-side callbacks below use of the browser (tests compile without the DOM types). */
declare const document: {
  querySelector(selector: string): { content: string } | null
  querySelectorAll(selector: string): ArrayLike<{ currentTime: number; naturalWidth: number }>
}
declare function getComputedStyle(element: unknown): { opacity: string }
declare const window: {
  requestIdleCallback(callback: () => void, options: { timeout: number }): number
}

/**
 * An admin uploads a picture and a short video on the Appearance page,
 * watches them get processed, and puts them on the upload page with an
 * overlay: a visitor sees the picture, then the playing video (its poster
 * first); a visitor asking for reduced motion gets the poster only. The
 * upload page is set back to plain at the end (the stack is shared).
 */
test.group('page themes in the browser', (group) => {
  let stack: LocalStack
  let seed: SeededStack['seed']
  const files = new ThemeMediaFiles()

  group.setup(async () => {
    ;({ stack, seed } = await sharedBrowserStack())
    await files.create()
    return () => files.remove()
  })

  async function uploadToLibrary(page: Page, path: string, name: string) {
    await page.locator('input[type="file"]').setInputFiles(path)
    const row = page.getByRole('row').filter({ hasText: name })
    await row.getByText('Ready', { exact: true }).waitFor({ timeout: 90_000 })
    return row
  }

  /** Waits for what the backdrop waits for before it starts a video: the page's load, then an idle moment. */
  async function pageSettled(page: Page) {
    await page.waitForLoadState('load')
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          window.requestIdleCallback(() => resolve(), { timeout: 2000 })
        )
    )
  }

  async function setPlain(page: Page) {
    await page.evaluate(async () => {
      const token = document.querySelector('meta[name="csrf-token"]')!.content
      await fetch('/api/theme/settings/pages', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        body: JSON.stringify({
          page: 'upload',
          mode: 'plain',
          mediaIds: [],
          blur: 0,
          brightness: 100,
          grayscale: 0,
          overlayColor: '#000000',
          overlayOpacity: 0,
          textColor: '#ffffff',
        }),
      })
    })
  }

  test('an admin themes the upload page with a picture, then a video; visitors see it', async ({
    browserContext,
    assert,
  }) => {
    const imageName = `Theme lobby ${Date.now()}.jpg`
    const videoName = `Theme reel ${Date.now()}.mp4`
    const image = await files.image(imageName, 1600, 900)
    const video = await files.video(videoName, { seconds: 3, width: 480, height: 270 })

    const admin = await browserContext.newPage()
    await signInToTransferAdmin(admin, { stack, seed })
    await admin.goto(`${stack.url('transfer')}/admin/appearance`)
    await admin.getByRole('heading', { level: 1, name: 'Appearance' }).waitFor()
    try {
      const imageRow = await uploadToLibrary(admin, image, imageName)
      const thumbnail = imageRow.locator('img.ui-thumbnail')
      await thumbnail.waitFor()
      assert.isAbove(await thumbnail.evaluate((img: any) => img.naturalWidth), 0)
      await uploadToLibrary(admin, video, videoName)

      // The upload page: a picture under a dark blue overlay.
      const form = admin.getByRole('form', { name: 'Upload page theme' })
      await form.getByRole('radio', { name: 'Picture' }).click()
      await form.getByRole('combobox', { name: 'Picture' }).click()
      await admin.getByRole('option', { name: imageName }).click()
      await form.getByLabel('Overlay colour').fill('#0a1a3a')
      await form.getByLabel('Overlay opacity (%)').fill('40')
      await form.locator('.ui-backdrop-preview img').waitFor()
      await form.getByRole('button', { name: 'Save upload page' }).click()
      await form.getByText('Saved: visitors see it now').waitFor()
      await saveScreenshot(admin, 'transfer/appearance-desktop')

      const visitor = await browserContext.browser()!.newContext()
      const visit = await visitor.newPage()
      await visit.goto(stack.url('transfer'))
      await visit.getByRole('heading', { level: 1, name: 'Send us your files' }).waitFor()
      const backdrop = visit.locator('.ui-backdrop')
      assert.equal(await backdrop.getAttribute('data-theme-mode'), 'image')
      await backdrop.locator('img').waitFor()
      const overlay = await visit
        .locator('.ui-backdrop-overlay')
        .evaluate((element: any) => getComputedStyle(element).opacity)
      assert.equal(overlay, '0.4')
      // The form is there to use.
      await visit.getByRole('button', { name: /Upload/ }).waitFor()
      await saveScreenshot(visit, 'transfer/upload-themed-picture')

      // Then the video.
      await form.getByRole('radio', { name: 'Video' }).click()
      await form.getByRole('combobox', { name: 'Video' }).click()
      await admin.getByRole('option', { name: videoName }).click()
      await form.getByRole('button', { name: 'Save upload page' }).click()
      await form.getByText('Saved: visitors see it now').waitFor()

      await visit.reload()
      await visit.getByRole('heading', { level: 1, name: 'Send us your files' }).waitFor()
      assert.equal(await backdrop.getAttribute('data-theme-mode'), 'video')
      // The poster is a picture in the page from the start; the video comes after the page.
      await backdrop.locator('picture img').waitFor()
      await backdrop.locator('video.is-playing').waitFor({ timeout: 30_000 })
      const sources = await backdrop
        .locator('video source')
        .evaluateAll((elements: any[]) => elements.map((element) => element.type))
      assert.deepEqual(sources, ['video/webm', 'video/mp4'])
      await visit.waitForFunction(() => document.querySelectorAll('video')[0].currentTime > 0)
      await saveScreenshot(visit, 'transfer/upload-themed-video')
      await visitor.close()

      // Reduced motion: the poster, never the video.
      const calm = await browserContext.browser()!.newContext({ reducedMotion: 'reduce' })
      const still = await calm.newPage()
      await still.goto(stack.url('transfer'))
      await still.getByRole('heading', { level: 1, name: 'Send us your files' }).waitFor()
      await pageSettled(still)
      const poster = still.locator('.ui-backdrop picture img')
      await poster.waitFor()
      await still.waitForFunction(
        () => document.querySelectorAll('.ui-backdrop img')[0].naturalWidth > 0
      )
      assert.equal(await still.locator('.ui-backdrop video').count(), 0)
      await calm.close()
    } finally {
      await setPlain(admin)
    }
  }).timeout(240_000)
})
