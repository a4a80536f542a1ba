package io.albis.hdfs;

import io.albis.testing.TableOnStorageContract;

/** A whole table on HDFS. */
class HdfsTableTest extends TableOnStorageContract implements OnSharedHdfsCluster {}
