package io.albis.crail;

import io.albis.testing.TableOnStorageContract;

/** A whole Albis table on a local Crail cluster. */
class CrailTableTest extends TableOnStorageContract implements OnSharedCrailCluster {}
