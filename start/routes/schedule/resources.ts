/*
 * The supporting records (spec 3, section 4, "Signed-in resource routes"): statuses, project statuses, crew roles, vendor and location types, clients, regions, crew, vendors, locations, crew-vendor links, resource notes, project tasks and activity logs.
 */
import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

router
  .group(() => {
    router.group(() => {}).use(middleware.scheduleAuth())
  })
  .use([...stateful(), middleware.scheduleDevBypass()])
