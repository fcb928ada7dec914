import LentaCore
