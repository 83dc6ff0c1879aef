import { defineConfig, drivers } from '@adonisjs/core/encryption'
import { appKey } from '#config/app'

const encryptionConfig = defineConfig({
  default: 'gcm',
  list: {
    gcm: drivers.aes256gcm({ id: 'gcm', keys: [appKey] }),
  },
})

export default encryptionConfig
