import { defineConfig, stores } from '@adonisjs/limiter'

const limiterConfig = defineConfig({
  default: 'database',
  stores: {
    database: stores.database({
      connectionName: 'rate_limits',
      tableName: 'rate_limits',
      clearExpiredByTimeout: true,
    }),
    memory: stores.memory({}),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
