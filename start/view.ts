import edge from 'edge.js'
import { appProfile } from '#config/app'

edge.global('appId', appProfile.id)
edge.global('appTitle', appProfile.title)
