package io.albis.hdfs;

import io.albis.testing.StorageContract;

/** The storage contract on HDFS (an in-process MiniDFSCluster). */
class HdfsStorageContractTest extends StorageContract implements OnSharedHdfsCluster {}
