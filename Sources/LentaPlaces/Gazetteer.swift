import LentaCore
// Work in progress: the offline gazetteer (issue 3) is being built here.
