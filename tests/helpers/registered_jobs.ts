import { randomUUID } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import type { JobDefinition } from '#services/shared/jobs/job_definition'
import { JobRuntime } from '#services/shared/jobs/job_runtime'

/**
 * Runs one attempt of a registry's job in this process, as a worker would,
 * and returns what the handler returned (pg-boss stores it as the output).
 */
export async function runRegisteredJob(registry: JobDefinition[], name: string) {
  const definition = registry.find((candidate) => candidate.name === name)
  if (!definition) {
    throw new Error(`No job named ${name} in this registry`)
  }
  return definition.handler(
    {},
    {
      jobId: randomUUID(),
      retryCount: 0,
      isLastAttempt: false,
      signal: new AbortController().signal,
      jobs: await app.container.make(JobRuntime),
    }
  )
}
